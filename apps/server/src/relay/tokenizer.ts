// Token counts when an upstream reports no usage: gpt-tokenizer's encoders, loaded on first use
// (o200k for gpt-4o-family names, cl100k for everything else, as the reference does).
//
// Bounded in time whatever the text: the encoder's BPE is quadratic in the length of one unbroken
// run (128,000 repeated characters took 7 s, 90,000 Chinese characters minutes), and counting
// runs on the event loop. So the encoder only ever sees pieces of at most PIECE characters (cut
// at a space where there is one), and one count (a prompt, a reply) tokenizes exactly for at most
// EXACT_BUDGET_MS (and EXACT_BUDGET characters): the rest is extrapolated from the tokens per
// character of what was counted. Random Chinese text costs the encoder ~25 µs a character, so a
// character budget alone would not do.

type Counter = (text: string) => number;

let cl100k: Promise<Counter> | undefined;
let o200k: Promise<Counter> | undefined;

function counterFor(model: string): Promise<Counter> {
  if (/^(gpt-4o|gpt-4\.1|gpt-5|o\d)/.test(model)) {
    o200k ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => m.countTokens as Counter);
    return o200k;
  }
  cl100k ??= import('gpt-tokenizer/encoding/cl100k_base').then((m) => m.countTokens as Counter);
  return cl100k;
}

/** Longest piece handed to the encoder at once. */
const PIECE = 32;
/** Characters and milliseconds one count tokenizes exactly; beyond either it extrapolates. */
export const EXACT_BUDGET = 16_384;
export const EXACT_BUDGET_MS = 3;
/** What of a text a count can read: the exact budget and the last piece that crosses it. */
export const KEPT_HEAD = EXACT_BUDGET + PIECE;

/** One count's progress: characters counted exactly and the tokens they gave. */
class Tally {
  chars = 0;
  tokens = 0;
  private readonly deadline = performance.now() + EXACT_BUDGET_MS;
  private spent = false;

  constructor(private readonly counter: Counter) {}

  /** Tokens of `text` followed by `beyond` more characters not kept (see ReplyText). */
  count(text: string, beyond = 0): number {
    const length = text.length + beyond;
    if (length === 0) return 0;
    if (this.spent) return this.extrapolate(length);
    const room = Math.min(text.length, EXACT_BUDGET - this.chars);
    let tokens = 0;
    let start = 0;
    while (start < room) {
      const end = pieceEnd(text, start);
      tokens += this.counter(text.slice(start, end));
      this.chars += end - start;
      start = end;
      if (performance.now() > this.deadline) break;
    }
    this.tokens += tokens;
    if (start < length) {
      this.spent = true;
      tokens += this.extrapolate(length - start);
    }
    return tokens;
  }

  private extrapolate(chars: number): number {
    const perChar = this.chars > 0 ? this.tokens / this.chars : 0.25;
    return Math.ceil(chars * perChar);
  }
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Where the piece starting at `start` ends: at a space in its second half, else PIECE later. */
function pieceEnd(text: string, start: number): number {
  let end = start + PIECE;
  if (end >= text.length) return text.length;
  for (let i = end; i > start + PIECE / 2; i -= 1) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 10 || code === 9) return i;
  }
  if (isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return end;
}

/** A counter for one prompt or reply: several texts share its exact budget. */
async function tallyFor(model: string): Promise<Tally> {
  return new Tally(await counterFor(model));
}

/** Tokens of `text` (and of `beyond` characters after it that were not kept). */
export async function countText(model: string, text: string, beyond = 0): Promise<number> {
  if (text.length + beyond === 0) return 0;
  return (await tallyFor(model)).count(text, beyond);
}

interface ChatMessageLike {
  role?: unknown;
  name?: unknown;
  content?: unknown;
}

/** The text parts of an OpenAI message content (a string or an array of parts). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof part === 'object' && part !== null && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

const IMAGE_TOKENS = 1000;

/** Prompt tokens of a chat request: 3 per message + role + content (+1 and name), +3 primer. */
export async function countChatPrompt(model: string, messages: unknown): Promise<number> {
  if (!Array.isArray(messages)) return 0;
  const tally = await tallyFor(model);
  let tokens = 3;
  for (const raw of messages as ChatMessageLike[]) {
    tokens += 3;
    if (typeof raw.role === 'string') tokens += tally.count(raw.role);
    tokens += tally.count(contentText(raw.content));
    if (Array.isArray(raw.content)) {
      for (const part of raw.content) {
        if (part?.type === 'image_url')
          tokens += part.image_url?.detail === 'low' ? 85 : IMAGE_TOKENS;
      }
    }
    if (typeof raw.name === 'string') tokens += 1 + tally.count(raw.name);
  }
  return tokens;
}

/** Tokens of a string or an array of strings (completions, embeddings, moderations input). */
export async function countInput(model: string, input: unknown): Promise<number> {
  if (typeof input === 'string') return countText(model, input);
  if (Array.isArray(input)) {
    const texts = input.filter((item): item is string => typeof item === 'string');
    return countText(model, texts.join(''));
  }
  return 0;
}
