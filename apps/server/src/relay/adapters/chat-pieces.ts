// OpenAI replies built from what the native protocols carry: a whole reply (text, tool calls,
// finish, usage) becomes a chat completion; stream events become chunks through `PieceStream`.

import { ReplyText } from '../canonical/reply-text';
import type { ChatRequest } from '../canonical/types';
import type { Usage } from '../canonical/usage';
import type { SseEvent } from '../transport/sse';
import { type ChatMessage, type FinishReason, messageText, usageFields } from './openai-shapes';
import { CHAT_ID_PREFIX, type ConvertedReply, type StreamTranslator, unixNow } from './types';

export interface ToolCallPiece {
  id: string;
  name: string;
  /** JSON text of the arguments (a whole call, or the next part of one in a stream). */
  arguments: string;
  /** Position among the reply's calls (streams continue a call at the same index). */
  index?: number;
}

export interface Piece {
  text?: string;
  toolCalls?: ToolCallPiece[];
  finish?: FinishReason;
  /** Usage so far (the last one reported wins). */
  usage?: Usage;
  /** The upstream said the reply is complete (even without a finish reason). */
  done?: boolean;
}

const toolCallsOf = (calls: ToolCallPiece[]) =>
  calls.map((call, index) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
    index: call.index ?? index,
  }));

/** A whole reply as an OpenAI chat completion. */
export function completionOf(model: string, piece: Piece): ConvertedReply {
  const text = piece.text ?? '';
  const calls = piece.toolCalls ?? [];
  const message: Record<string, unknown> = { role: 'assistant', content: text };
  if (calls.length > 0) {
    message.tool_calls = toolCallsOf(calls).map(({ index: _index, ...call }) => call);
  }
  const finish = piece.finish ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const body = JSON.stringify({
    id: `${CHAT_ID_PREFIX}${Date.now()}`,
    object: 'chat.completion',
    created: unixNow(),
    model,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: usageFields(piece.usage ?? { promptTokens: 0, completionTokens: 0 }),
  });
  const counted = text + calls.map((call) => call.name + call.arguments).join('');
  return { body, contentType: 'application/json', usage: piece.usage, text: counted };
}

/** Stream translator over a per-event reader; the first chunk carries the assistant role. */
export class PieceStream implements StreamTranslator {
  usage: Usage | undefined;
  readonly text = new ReplyText();
  finished = false;
  private readonly id = `${CHAT_ID_PREFIX}${Date.now()}`;
  private started = false;

  constructor(
    private readonly model: string,
    private readonly read: (event: SseEvent) => Piece | null,
  ) {}

  push(event: SseEvent): string[] {
    const piece = this.read(event);
    if (!piece) return [];
    if (piece.usage) this.usage = piece.usage;
    if (piece.done || piece.finish) this.finished = true;
    const text = piece.text ?? '';
    const calls = piece.toolCalls ?? [];
    this.text.add(text + calls.map((call) => call.name + call.arguments).join(''));
    if (!text && calls.length === 0 && !piece.finish && this.started) return [];
    const delta: Record<string, unknown> = {};
    if (!this.started) delta.role = 'assistant';
    if (text || calls.length === 0) delta.content = text;
    if (calls.length > 0) delta.tool_calls = toolCallsOf(calls);
    this.started = true;
    return [
      JSON.stringify({
        id: this.id,
        object: 'chat.completion.chunk',
        created: unixNow(),
        model: this.model,
        choices: [{ index: 0, delta, finish_reason: piece.finish ?? null }],
      }),
    ];
  }
}

/** JSON of one event's data; null when it is not JSON. */
export function eventJson<T>(event: SseEvent): T | null {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

export interface PlainMessage {
  role: string;
  content: string;
}

/** The chat's messages as role + text (providers without content parts). */
export const plainMessages = (request: ChatRequest): PlainMessage[] =>
  ((request.messages ?? []) as ChatMessage[]).map((message) => ({
    role: message.role ?? 'user',
    content: messageText(message.content),
  }));

export interface FunctionTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/** The function tools of an OpenAI request. */
export const functionTools = (request: ChatRequest): FunctionTool[] =>
  ((request.tools ?? []) as { type?: string; function?: FunctionTool }[])
    .filter((tool) => tool.type === 'function' && tool.function?.name)
    .map((tool) => tool.function as FunctionTool);

/** An OpenAI embeddings reply. */
export function embeddingsOf(model: string, vectors: number[][], promptTokens: number) {
  const usage = { promptTokens, completionTokens: 0 };
  const body = JSON.stringify({
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  });
  return {
    body,
    contentType: 'application/json',
    usage: promptTokens > 0 ? usage : undefined,
    text: '',
  } satisfies ConvertedReply;
}

/** The inputs of an OpenAI embeddings request as a list of texts. */
export const embeddingInputs = (body: Record<string, unknown>): string[] =>
  Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
