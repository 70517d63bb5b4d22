// Reads the canonical chunks a translated stream renders: most of a reply is text deltas of one
// shape, `"choices":[{"index":0,"delta":{"content":"…"},"finish_reason":null}]` (the first with
// `"role":"assistant"` before the content), whose text is taken from the payload without parsing
// the whole chunk (a JSON.parse per chunk was most of a translated stream's CPU); any other chunk
// is parsed.
import type { ChatChunk, ChunkChoices } from './types';

const CHOICES = '"choices":';
const HEAD = `${CHOICES}[{"index":0,"delta":{"content":"`;
/** The same with the role, as a reply's first chunk has it. */
const ROLE_HEAD = `${CHOICES}[{"index":0,"delta":{"role":"assistant","content":"`;
/** What follows the text, to the end of the choices array (OpenAI's chunks carry logprobs). */
const TAIL = '"},"finish_reason":null}]';
const LOGPROBS_TAIL = '"},"logprobs":null,"finish_reason":null}]';

const BACKSLASH = 92;
const QUOTE = 34;
const OPEN_BRACE = 123;

/** The closing quote of the JSON string whose text starts at `from`; -1 if it has none. */
function stringEnd(text: string, from: number): number {
  let quote = text.indexOf('"', from);
  while (quote > 0 && text.charCodeAt(quote - 1) === BACKSLASH) {
    // Escaped unless the backslashes before it escape each other.
    let slashes = 1;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) break;
    quote = text.indexOf('"', quote + 1);
  }
  return quote;
}

type Choice = ChunkChoices['choices'][number];

/** The one choice of a text-delta chunk of the common shape; undefined for any other chunk. */
function textChoice(payload: string): Choice | undefined {
  // Single characters are found fastest: the choices array is the payload's first bracket, its
  // first element the payload's second brace, so the member belongs to the top-level object (a
  // chunk with other structure before it is parsed; quotes inside strings are escaped, so the
  // name cannot be inside one).
  const bracket = payload.indexOf('[');
  if (bracket < 0 || payload.indexOf('{', 1) !== bracket + 1) return undefined;
  const head = bracket - CHOICES.length;
  if (payload.charCodeAt(0) !== OPEN_BRACE) return undefined;
  const role = !payload.startsWith(HEAD, head);
  if (role && !payload.startsWith(ROLE_HEAD, head)) return undefined;
  const open = head + (role ? ROLE_HEAD : HEAD).length - 1;
  const close = stringEnd(payload, open + 1);
  if (close < 0) return undefined;
  const logprobs = !payload.startsWith(TAIL, close);
  if (logprobs && !payload.startsWith(LOGPROBS_TAIL, close)) return undefined;
  // A second choices member (JSON.parse keeps the last): parsed.
  if (payload.includes('"choices"', close + (logprobs ? LOGPROBS_TAIL : TAIL).length))
    return undefined;
  const raw = payload.slice(open, close + 1);
  const content = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  const delta: Choice['delta'] = role ? { role: 'assistant', content } : { content };
  return logprobs
    ? ({ index: 0, delta, logprobs: null, finish_reason: null } as Choice)
    : { index: 0, delta, finish_reason: null };
}

/** A canonical chunk's choices, read from its JSON text. */
export function readChunk(payload: string): ChunkChoices {
  const choice = textChoice(payload);
  return choice ? { choices: [choice] } : (JSON.parse(payload) as ChatChunk);
}

const USAGE = 'usage":{';

/**
 * Whether a chunk's JSON text has a `"usage":{` member. Searched from the name's second
 * character: a needle that opens with a quote, JSON's commonest character, is found several
 * times slower, and every chunk of a stream is searched.
 */
export function hasUsageObject(payload: string): boolean {
  for (let at = payload.indexOf(USAGE); at > 0; at = payload.indexOf(USAGE, at + 1)) {
    if (payload.charCodeAt(at - 1) === QUOTE) return true;
  }
  return false;
}
