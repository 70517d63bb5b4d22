// Gemini replies and stream chunks → canonical completion and chunks: text, thoughts as
// reasoning, functionCall parts as tool calls (whole, one delta each; a thought signature
// carried in the call's id), usage with thoughts.

import { chunkText, completionOf, newToolCallId } from '../../canonical/build';
import { ReplyText } from '../../canonical/reply-text';
import { geminiSignature, geminiThinking } from '../../canonical/signed-thinking';
import type { AssistantMessage, ChunkDelta, ToolCall } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import type { SseEvent } from '../../transport/sse';
import { finishFromGemini, usageFromGemini } from '../../wire/gemini/usage';
import type { GeminiReply } from '../../wire/gemini/wire';
import type { StreamTranslator } from '../types';
import { signedCallId } from './signature';

interface Piece {
  text: string;
  reasoning: string;
  calls: ToolCall[];
  /** The signatures of text and thought parts (a call's rides in its id). */
  signatures: string[];
}

function pieceOf(reply: GeminiReply): Piece {
  const piece: Piece = { text: '', reasoning: '', calls: [], signatures: [] };
  for (const part of reply.candidates?.[0]?.content?.parts ?? []) {
    if (part.functionCall) {
      piece.calls.push({
        id: signedCallId(part.functionCall.id || newToolCallId(), part.thoughtSignature),
        type: 'function',
        function: {
          name: part.functionCall.name,
          arguments: JSON.stringify(part.functionCall.args ?? {}),
        },
      });
    } else if (typeof part.text === 'string') {
      if (part.thought) piece.reasoning += part.text;
      else piece.text += part.text;
      if (part.thoughtSignature) piece.signatures.push(part.thoughtSignature);
    }
  }
  return piece;
}

const replyId = (reply: GeminiReply) => `chatcmpl-${reply.responseId ?? Date.now().toString(36)}`;

export function completionFromGemini(reply: GeminiReply, model: string) {
  const piece = pieceOf(reply);
  const message: AssistantMessage = {
    role: 'assistant',
    content: piece.text || (piece.calls.length ? null : ''),
  };
  if (piece.calls.length > 0) message.tool_calls = piece.calls;
  if (piece.reasoning) message.reasoning_content = piece.reasoning;
  // The thought text goes with the first signature, so a Messages client sees it in the block.
  if (piece.signatures.length > 0)
    message.thinking_blocks = piece.signatures.map((signature, index) =>
      geminiThinking(signature, index === 0 ? piece.reasoning : ''),
    );
  const finish =
    finishFromGemini(reply.candidates?.[0]?.finishReason, piece.calls.length > 0) ?? 'stop';
  const usage = usageFromGemini(reply.usageMetadata);
  const text = piece.text + piece.reasoning + piece.calls.map((c) => c.function.arguments).join('');
  return { completion: completionOf(replyId(reply), model, message, finish, usage), usage, text };
}

export class GeminiStreamTranslator implements StreamTranslator {
  usage: Usage | undefined;
  readonly text = new ReplyText();
  finished = false;
  private id = '';
  private started = false;
  private calls = 0;

  constructor(private readonly model: string) {}

  push(event: SseEvent): string[] {
    let reply: GeminiReply;
    try {
      reply = JSON.parse(event.data) as GeminiReply;
    } catch {
      return [];
    }
    if (!this.id) this.id = replyId(reply);
    this.usage = usageFromGemini(reply.usageMetadata) ?? this.usage;
    const piece = pieceOf(reply);
    const delta: ChunkDelta = {};
    if (!this.started) delta.role = 'assistant';
    this.started = true;
    if (piece.reasoning) delta.reasoning_content = piece.reasoning;
    if (piece.text) delta.content = piece.text;
    const signature = piece.signatures.at(-1);
    if (signature) delta.thinking_signature = geminiSignature(signature);
    if (piece.calls.length > 0) {
      delta.tool_calls = piece.calls.map((call) => ({ index: this.calls++, ...call }));
    }
    this.text.add(
      piece.text + piece.reasoning + piece.calls.map((c) => c.function.arguments).join(''),
    );
    const finish = finishFromGemini(reply.candidates?.[0]?.finishReason, this.calls > 0);
    if (finish) this.finished = true;
    if (Object.keys(delta).length === 0 && !finish) return [];
    return [chunkText(this.id, this.model, delta, finish)];
  }
}
