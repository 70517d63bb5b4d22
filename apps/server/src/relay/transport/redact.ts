// A channel's key never leaves in an upstream's words (issue 27, point 5): an upstream, or a
// proxy in front of it, that echoes the key in an error would otherwise hand it to the caller,
// the consume log and the channel's disable reason. Each part of a composite key is redacted too
// (Baidu `id|secret`, Bedrock `id|secret|region`, Zhipu `id.secret`, `Bearer <key>`).
import type { ChatError } from '../canonical/types';
import type { StreamPipe } from '../pipeline/relay-attempt';
import { UpstreamError } from '../relay-errors';

export const REDACTED = '[redacted]';

/** Shorter parts (a region, a version) are not secrets and too common to replace. */
const MIN_SECRET_LENGTH = 8;

/** The key and its parts worth redacting, longest first (so a part never splits the whole). */
export function secretsOf(key: string): string[] {
  const parts = new Set([key.trim(), ...key.split(/[|.:,\s]/).map((part) => part.trim())]);
  return [...parts]
    .filter((part) => part.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/** A key's secrets, and the characters that can end a secret's beginning (for openSecretTail). */
interface KeySecrets {
  list: readonly string[];
  tailChars: ReadonlySet<number>;
}

/** Channels' keys seen lately: the secrets are the same for every request on a channel. */
const keySecrets = new Map<string, KeySecrets>();
const KEY_SECRETS_MAX = 256;

function secretsFor(key: string): KeySecrets {
  let found = keySecrets.get(key);
  if (!found) {
    const list = secretsOf(key);
    const tailChars = new Set<number>();
    for (const secret of list) {
      for (let i = 0; i < secret.length - 1; i += 1) tailChars.add(secret.charCodeAt(i));
    }
    found = { list, tailChars };
    if (keySecrets.size >= KEY_SECRETS_MAX) keySecrets.clear();
    keySecrets.set(key, found);
  }
  return found;
}

/** The text with every secret of the key replaced. */
export function redactKey(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

const redactField = (value: string | null, secrets: readonly string[]) =>
  value === null ? null : redactKey(value, secrets);

/** The upstream error without the channel's key in any of its fields. */
export function withoutKey(error: UpstreamError, key: string): UpstreamError {
  const secrets = secretsOf(key);
  const { message, type, param, code } = error.error;
  const clean: ChatError = {
    message: redactKey(message, secrets),
    type: redactKey(type, secrets),
    param: redactField(param, secrets),
    code: redactField(code, secrets),
  };
  if (
    clean.message === message &&
    clean.type === type &&
    clean.param === param &&
    clean.code === code
  ) {
    return error;
  }
  return new UpstreamError(error.status, clean, error.upstreamStatus);
}

/** A whole reply without the channel's key in it (searched as bytes; decoded only when there). */
export function redactReply<T extends { body: Buffer | string }>(reply: T, key: string): T {
  const secrets = secretsFor(key).list;
  const { body } = reply;
  if (!secrets.some((secret) => body.includes(secret))) return reply;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return { ...reply, body: redactKey(text, secrets) };
}

/** Length of the longest end of `text` that begins a secret (it may go on in the next chunk). */
function openSecretTail(text: string, { list, tailChars }: KeySecrets): number {
  const last = text.charCodeAt(text.length - 1);
  // Most pieces end a frame (a newline), which begins no key: nothing to look for.
  if (!tailChars.has(last)) return 0;
  let longest = 0;
  for (const secret of list) {
    for (let length = Math.min(secret.length - 1, text.length); length > longest; length -= 1) {
      // Cheap first: the text's last character must be the secret's length-th.
      if (secret.charCodeAt(length - 1) === last && text.endsWith(secret.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * A stream pipe whose frames to the client carry no secret of the channel's key. A key cut in two
 * by the upstream's chunks is caught too: an end of the frames that could begin a secret is held
 * until the next chunk says (a frame ends with its blank line, which begins no key, so a complete
 * event is never held back).
 */
export function redactingPipe(pipe: StreamPipe, key: string): StreamPipe {
  const keyed = secretsFor(key);
  const secrets = keyed.list;
  if (secrets.length === 0) return pipe;
  let held = '';
  const release = (frames: string) => {
    const out = redactKey(held + frames, secrets);
    held = '';
    return out;
  };
  return {
    push(chunk) {
      const out = redactKey(held + pipe.push(chunk), secrets);
      const open = openSecretTail(out, keyed);
      held = open > 0 ? out.slice(out.length - open) : '';
      return open > 0 ? out.slice(0, out.length - open) : out;
    },
    flush() {
      return release(pipe.flush());
    },
    end(usage) {
      return release(pipe.end(usage));
    },
    fail(error) {
      return release(pipe.fail(error));
    },
    get usage() {
      return pipe.usage;
    },
    get text() {
      return pipe.text;
    },
    get finished() {
      return pipe.finished;
    },
  };
}
