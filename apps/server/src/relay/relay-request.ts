// Reading a relay request body: the model (with each endpoint's default), the checks the
// reference makes, and the prompt text (for sensitive words and token counts).
import type { RelayMode } from './adapters/types';
import { RelayError } from './relay-errors';
import { contentText, countChatPrompt, countInput } from './tokenizer';

const DEFAULT_MODELS: Partial<Record<RelayMode, string>> = {
  moderations: 'text-moderation-latest',
  images: 'dall-e-2',
  speech: 'tts-1',
  transcriptions: 'whisper-1',
  translations: 'whisper-1',
};

/** The field each endpoint cannot do without. */
const REQUIRED_FIELD: Partial<Record<RelayMode, string>> = {
  chat: 'messages',
  completions: 'prompt',
  embeddings: 'input',
  moderations: 'input',
  images: 'prompt',
  speech: 'input',
  rerank: 'query',
};

const MAX_TOKENS_LIMIT = 2 ** 30;

const bad = (details: string) =>
  new RelayError(400, 'relay.badRequest', 'invalid_request', { details });

export interface ParsedRelayBody {
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number;
}

export function parseRelayBody(mode: RelayMode, raw: unknown): ParsedRelayBody {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw bad('the body must be a JSON object');
  }
  const body = raw as Record<string, unknown>;
  const model = typeof body.model === 'string' && body.model ? body.model : DEFAULT_MODELS[mode];
  if (!model) throw bad('model is required');
  const field = REQUIRED_FIELD[mode];
  if (field && (body[field] === undefined || body[field] === null || body[field] === '')) {
    throw bad(`${field} is required`);
  }
  if (mode === 'chat' && !Array.isArray(body.messages)) throw bad('messages must be an array');
  const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? 0;
  if (
    typeof maxTokens !== 'number' ||
    !Number.isInteger(maxTokens) ||
    maxTokens < 0 ||
    maxTokens > MAX_TOKENS_LIMIT
  ) {
    throw bad('max_tokens must be a whole number from 0');
  }
  const stream = body.stream === true && (mode === 'chat' || mode === 'completions');
  const options = body.stream_options as { include_usage?: unknown } | undefined;
  return {
    body,
    model,
    stream,
    includeUsage: stream && options?.include_usage === true,
    maxTokens,
  };
}

/** The text a prompt check looks at: messages, prompt, input, query and documents. */
export function promptText(mode: RelayMode, body: Record<string, unknown>): string {
  if (mode === 'chat' && Array.isArray(body.messages)) {
    return body.messages.map((message) => contentText(message?.content)).join('\n');
  }
  const parts = [body.prompt, body.input, body.query, body.documents].flatMap((value) =>
    Array.isArray(value) ? value : [value],
  );
  return parts.filter((part): part is string => typeof part === 'string').join('\n');
}

/** Prompt tokens by the tokenizer (used when the upstream reports no usage). */
export function countPromptTokens(
  mode: RelayMode,
  model: string,
  body: Record<string, unknown>,
): Promise<number> {
  if (mode === 'chat') return countChatPrompt(model, body.messages);
  if (mode === 'speech')
    return Promise.resolve(typeof body.input === 'string' ? body.input.length : 0);
  if (mode === 'completions') return countInput(model, body.prompt);
  if (mode === 'rerank')
    return countInput(model, [
      body.query,
      ...(Array.isArray(body.documents) ? body.documents : []),
    ]);
  return countInput(model, body.input ?? body.prompt);
}
