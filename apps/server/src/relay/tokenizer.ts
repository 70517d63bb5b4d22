// Token counts when an upstream reports no usage: gpt-tokenizer's encoders, loaded on first use
// (o200k for gpt-4o-family names, cl100k for everything else, as the reference does).

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

export async function countText(model: string, text: string): Promise<number> {
  if (text.length === 0) return 0;
  return (await counterFor(model))(text);
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
  const count = await counterFor(model);
  let tokens = 3;
  for (const raw of messages as ChatMessageLike[]) {
    tokens += 3;
    if (typeof raw.role === 'string') tokens += count(raw.role);
    tokens += count(contentText(raw.content));
    if (Array.isArray(raw.content)) {
      for (const part of raw.content) {
        if (part?.type === 'image_url')
          tokens += part.image_url?.detail === 'low' ? 85 : IMAGE_TOKENS;
      }
    }
    if (typeof raw.name === 'string') tokens += 1 + count(raw.name);
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
