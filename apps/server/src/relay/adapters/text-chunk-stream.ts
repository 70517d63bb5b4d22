// A stream translator for providers whose events each carry a piece of text (Gemini, Ollama):
// every event becomes one OpenAI chunk; the first carries the assistant role.
import type { Usage } from '../billing';
import type { SseEvent } from '../sse';
import { chunkBody, completionBody, type FinishReason } from './openai-shapes';
import { CHAT_ID_PREFIX, type ConvertedReply, type StreamTranslator } from './types';

export interface StreamPiece {
  text: string;
  finish: FinishReason;
  /** Usage so far, when the event reports it. */
  usage: Usage | undefined;
}

export class TextChunkStream<R> implements StreamTranslator {
  usage: Usage | undefined;
  text = '';
  finished = false;
  private readonly id = `${CHAT_ID_PREFIX}${Date.now()}`;
  private started = false;

  constructor(
    private readonly model: string,
    private readonly read: (event: R) => StreamPiece,
  ) {}

  push(event: SseEvent): string[] {
    let parsed: R;
    try {
      parsed = JSON.parse(event.data) as R;
    } catch {
      return [];
    }
    const piece = this.read(parsed);
    this.usage = piece.usage ?? this.usage;
    if (piece.finish) this.finished = true;
    this.text += piece.text;
    const delta: Record<string, unknown> = { content: piece.text };
    if (!this.started) delta.role = 'assistant';
    this.started = true;
    return [chunkBody(this.id, this.model, delta, piece.finish)];
  }
}

/** A whole (non-stream) reply in the same provider's shape, as an OpenAI chat completion. */
export function completionReply(model: string, piece: StreamPiece): ConvertedReply {
  const id = `${CHAT_ID_PREFIX}${Date.now()}`;
  return {
    body: completionBody(id, model, piece.text, piece.finish ?? 'stop', piece.usage),
    contentType: 'application/json',
    usage: piece.usage,
    text: piece.text,
  };
}
