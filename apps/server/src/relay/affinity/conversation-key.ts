// Which conversation a relayed request belongs to, for prompt-cache affinity (affinity.ts): the
// session a coding agent names in a header, else what the body says about the conversation.
// Where each name comes from (checked against the clients' sources and public gateway threads):
// - Claude Code sends `x-claude-code-session-id` (one UUID per session, since v2.1.86) and, in
//   every version, Anthropic `metadata.user_id`: `user_<hash>_account_<id>_session_<uuid>`, or
//   since 2.1 a JSON object text with `session_id`.
// - Codex sends the conversation's UUID as `session-id` (older builds: `session_id`, with
//   `conversation_id`) and the same value as the Responses body's `prompt_cache_key`.
// - opencode sends `x-session-affinity` and, since v1.17, `x-session-id` (its session's id), and
//   `x-opencode-session` to its own gateway; it sets `prompt_cache_key` on OpenAI providers too.
// - Gemini CLI (0.61) sends no session header on the Gemini API; with usage statistics on (its
//   default) it sends `x-gemini-api-privileged-user-id`, its installation's id: the last resort
//   here, so one installation's sessions (one system prompt and tool list) share a channel.
// - OpenAI: `prompt_cache_key` (the documented cache routing hint), else `user`; Responses:
//   `conversation` (an id, or an object with one). A `previous_response_id` names a different
//   reply each turn, so it is no conversation name: a reply an upstream holds already takes its
//   follow-ups to that channel alone (dialects/responses/routes.ts), a stronger bond than this;
//   a chain the gateway holds is named by its opening (dialects/responses/chain-key.ts), used
//   only when nothing here names the conversation.
import type { IncomingHttpHeaders } from 'node:http';

/** Session headers in the order they are believed (most specific first). */
const SESSION_HEADERS = [
  'x-claude-code-session-id',
  'session-id',
  'session_id',
  'conversation_id',
  'x-session-id',
  'x-session-affinity',
  'x-opencode-session',
] as const;

/** Longer names are hashed by nobody: a key past this is cut (it only has to be stable). */
const MAX_KEY_LENGTH = 200;

const clean = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, MAX_KEY_LENGTH) : undefined;
};

/** Claude Code's session inside `metadata.user_id` (either form), else the whole value. */
function anthropicUser(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const userId = clean((metadata as { user_id?: unknown }).user_id);
  if (!userId) return undefined;
  if (userId.startsWith('{')) {
    try {
      const session = clean((JSON.parse(userId) as { session_id?: unknown }).session_id);
      if (session) return `s:${session}`;
    } catch {
      // Not JSON after all: the value itself names the caller's conversation.
    }
  }
  const at = userId.lastIndexOf('_session_');
  return at >= 0 ? `s:${userId.slice(at + 9)}` : `u:${userId}`;
}

function conversationId(conversation: unknown): string | undefined {
  if (typeof conversation === 'object' && conversation !== null) {
    return clean((conversation as { id?: unknown }).id);
  }
  return clean(conversation);
}

/**
 * The conversation's name, prefixed by where it came from (a session header and a body field
 * with the same text name the same session), or undefined when the request names none.
 */
export function conversationKeyOf(
  headers: IncomingHttpHeaders,
  body: Record<string, unknown>,
): string | undefined {
  for (const name of SESSION_HEADERS) {
    const value = clean(headers[name]);
    if (value) return `s:${value}`;
  }
  const fromBody =
    anthropicUser(body.metadata) ??
    prefixed('s:', clean(body.prompt_cache_key)) ??
    prefixed('s:', conversationId(body.conversation)) ??
    prefixed('u:', clean(body.user)) ??
    prefixed('i:', clean(headers['x-gemini-api-privileged-user-id']));
  return fromBody;
}

const prefixed = (prefix: string, value: string | undefined) =>
  value === undefined ? undefined : prefix + value;
