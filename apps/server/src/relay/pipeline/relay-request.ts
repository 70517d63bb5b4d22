// Reading a relay request body: the model (with each endpoint's default), the checks the
// reference makes, and the prompt text (for sensitive words and token counts).
import type { RelayMode } from '../adapters/types';
import { type CanonicalBody, isChatRequest } from '../canonical/body';
import { RelayError } from '../relay-errors';
import { contentText, countChatPrompt, countInput } from '../tokenizer';

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

/** A multipart body (audio uploads), passed to the upstream as it came. */
export interface MultipartBody {
  data: Buffer;
  contentType: string;
}

/** The typed body (by mode) and, beside it, the client's body as received. */
export type ParsedRelayBody = CanonicalBody & {
  raw: Record<string, unknown>;
  multipart?: MultipartBody;
  model: string;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number;
  /** None: the OpenAI endpoints forward no client headers. */
  clientHeaders: Record<string, string>;
};

/** The text of a form field in a multipart body (latin1 keeps every byte as one character). */
export function multipartField(data: Buffer, name: string): string | undefined {
  const match = new RegExp(`name="${name}"\r\n(?:[^\r]*\r\n)*?\r\n([^\r]*)\r\n`).exec(
    data.toString('latin1'),
  );
  return match?.[1];
}

/** The multipart body with the model field set to `model` (a channel's model mapping). */
export function withMultipartModel(data: Buffer, model: string): Buffer {
  const text = data.toString('latin1');
  const replaced = text.replace(/(name="model"\r\n(?:[^\r]*\r\n)*?\r\n)[^\r]*/, `$1${model}`);
  return replaced === text ? data : Buffer.from(replaced, 'latin1');
}

/** An audio upload (transcriptions, translations): only the model is read from the form. */
export function parseMultipartBody(
  mode: 'transcriptions' | 'translations',
  data: unknown,
  contentType: string | undefined,
): ParsedRelayBody {
  if (!Buffer.isBuffer(data) || !contentType?.startsWith('multipart/form-data')) {
    throw bad('the body must be multipart/form-data with a file');
  }
  const model = multipartField(data, 'model') || DEFAULT_MODELS[mode] || 'whisper-1';
  const body = { model };
  return {
    mode,
    body,
    raw: body,
    multipart: { data, contentType },
    model,
    stream: false,
    includeUsage: false,
    maxTokens: 0,
    clientHeaders: {},
  };
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
  if (mode === 'chat' && !isChatRequest(body)) throw bad('messages must be an array');
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
  const includeUsage = stream && options?.include_usage === true;
  // The other endpoints' bodies go on as sent; a chat body is the canonical ChatRequest (checked
  // above, where its error ranks; the guard here only narrows the type). One object either way.
  const clientHeaders = {};
  if (mode !== 'chat')
    return { mode, body, raw: body, model, stream, includeUsage, maxTokens, clientHeaders };
  if (!isChatRequest(body)) throw bad('messages must be an array');
  return { mode, body, raw: body, model, stream, includeUsage, maxTokens, clientHeaders };
}

/** The text a prompt check looks at: messages, prompt, input, query and documents. */
export function promptText(request: CanonicalBody): string {
  if (request.mode === 'chat') {
    const { messages } = request.body;
    return Array.isArray(messages)
      ? messages.map((message) => contentText(message?.content)).join('\n')
      : '';
  }
  const body = request.body;
  const parts = [body.prompt, body.input, body.query, body.documents].flatMap((value) =>
    Array.isArray(value) ? value : [value],
  );
  return parts.filter((part): part is string => typeof part === 'string').join('\n');
}

/** Prompt tokens by the tokenizer (used when the upstream reports no usage). */
export function countPromptTokens(request: CanonicalBody, model: string): Promise<number> {
  if (request.mode === 'chat') return countChatPrompt(model, request.body.messages);
  const { mode, body } = request;
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
