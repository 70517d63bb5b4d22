// The request as it crosses the seam between dialects, pipeline and adapters, typed by mode: a
// chat request is the canonical ChatRequest (./types.ts); every other endpoint's body goes on as
// the client sent it (OpenAI's shape for that endpoint), which no adapter restructures beyond
// naming a few fields. Dialects produce it, the pipeline and the adapters narrow it by `mode`.
import type { ChatRequest } from './types';

export type RelayMode =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'images'
  | 'speech'
  | 'transcriptions'
  | 'translations'
  | 'moderations'
  | 'rerank';

/** The modes whose body is passed on as received. */
export type PassthroughMode = Exclude<RelayMode, 'chat'>;

/** An endpoint body as the client sent it (a JSON object). */
export type PassthroughBody = Record<string, unknown>;

export interface ChatSeam {
  mode: 'chat';
  body: ChatRequest;
}

export interface PassthroughSeam {
  mode: PassthroughMode;
  body: PassthroughBody;
}

/** The typed request body, discriminated by mode. */
export type CanonicalBody = ChatSeam | PassthroughSeam;

/**
 * A client's chat body is the canonical form as it stands (the chat dialect passes it through):
 * it needs a model and a messages array, the rest is read field by field where it is used.
 */
export const isChatRequest = (body: unknown): body is ChatRequest =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { model?: unknown }).model === 'string' &&
  Array.isArray((body as { messages?: unknown }).messages);
