// Cohere (type 34): the v2 Chat API (messages, function tools, typed stream events ending in
// message-end with the usage), v2 Embed and v2 Rerank.

import type { ChatRequest } from '../../canonical/types';
import type { SseEvent } from '../../transport/sse';
import {
  completionOf,
  embeddingInputs,
  embeddingsOf,
  eventJson,
  type Piece,
  PieceStream,
} from '../chat-pieces';
import { type ChatMessage, type FinishReason, messageText, stopList } from '../openai-shapes';
import { parseJson } from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';

interface CohereUsage {
  billed_units?: { input_tokens?: number; output_tokens?: number; search_units?: number };
  tokens?: { input_tokens?: number; output_tokens?: number };
}

interface CohereToolCall {
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface CohereChat {
  finish_reason?: string;
  message?: { content?: { type?: string; text?: string }[]; tool_calls?: CohereToolCall[] };
  usage?: CohereUsage;
}

interface CohereEvent {
  type?: string;
  index?: number;
  delta?: {
    finish_reason?: string;
    usage?: CohereUsage;
    message?: { content?: { text?: string }; tool_calls?: CohereToolCall };
  };
}

const FINISH: Record<string, FinishReason> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  TOOL_CALL: 'tool_calls',
};

const usageOf = (usage: CohereUsage | undefined) => {
  const counts = usage?.tokens ?? usage?.billed_units;
  return counts
    ? { promptTokens: counts.input_tokens ?? 0, completionTokens: counts.output_tokens ?? 0 }
    : undefined;
};

interface OpenAiTurn extends ChatMessage {
  tool_calls?: unknown[];
  tool_call_id?: string;
}

/** OpenAI messages in v2's shape (roles and tool turns carry over; content as text). */
function cohereMessages(body: ChatRequest) {
  return ((body.messages ?? []) as OpenAiTurn[]).map((message) => {
    const out: Record<string, unknown> = {
      role: message.role === 'developer' ? 'system' : (message.role ?? 'user'),
      content: messageText(message.content),
    };
    if (message.tool_calls) out.tool_calls = message.tool_calls;
    if (message.tool_call_id) out.tool_call_id = message.tool_call_id;
    return out;
  });
}

export class CohereAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat' || mode === 'embeddings' || mode === 'rerank';
  }

  request(ctx: AdapterContext) {
    const base = baseUrlOf(ctx.channel);
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${ctx.channel.key}`,
    };
    if (ctx.mode === 'embeddings') {
      const body = {
        model: ctx.model,
        texts: embeddingInputs(ctx.body),
        input_type: 'search_document',
        embedding_types: ['float'],
      };
      return { url: new URL(`${base}/v2/embed`), headers, body: JSON.stringify(body) };
    }
    if (ctx.mode === 'rerank') {
      const { query, documents, top_n } = ctx.body;
      const body = { model: ctx.model, query, documents, top_n };
      return { url: new URL(`${base}/v2/rerank`), headers, body: JSON.stringify(body) };
    }
    const b = chatBody(ctx);
    const body: Record<string, unknown> = {
      model: ctx.model,
      messages: cohereMessages(b),
      stream: ctx.stream,
    };
    const max = b.max_tokens ?? b.max_completion_tokens;
    if (max !== undefined) body.max_tokens = max;
    if (b.temperature !== undefined) body.temperature = b.temperature;
    if (b.top_p !== undefined) body.p = b.top_p;
    if (b.seed !== undefined) body.seed = b.seed;
    if (b.frequency_penalty !== undefined) body.frequency_penalty = b.frequency_penalty;
    if (b.presence_penalty !== undefined) body.presence_penalty = b.presence_penalty;
    const stop = stopList(b.stop);
    if (stop) body.stop_sequences = stop;
    if (Array.isArray(b.tools) && b.tools.length > 0) body.tools = b.tools;
    return { url: new URL(`${base}/v2/chat`), headers, body: JSON.stringify(body) };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    if (ctx.mode === 'embeddings') {
      const reply = parseJson<{ embeddings: { float?: number[][] }; meta: CohereUsage }>(raw);
      const tokens = reply.meta?.billed_units?.input_tokens ?? 0;
      return embeddingsOf(ctx.model, reply.embeddings?.float ?? [], tokens);
    }
    if (ctx.mode === 'rerank') {
      const reply = parseJson<{ id: string; results: unknown[]; meta: CohereUsage }>(raw);
      const body = JSON.stringify({ id: reply.id, model: ctx.model, results: reply.results ?? [] });
      // Rerank is billed per search; one search counts as one prompt token.
      const searches = reply.meta?.billed_units?.search_units ?? 1;
      return {
        body,
        contentType: 'application/json',
        usage: { promptTokens: searches, completionTokens: 0 },
        text: '',
      };
    }
    const reply = parseJson<CohereChat>(raw);
    const text = (reply.message?.content ?? []).map((part) => part.text ?? '').join('');
    const piece: Piece = { text, usage: usageOf(reply.usage) };
    const calls = reply.message?.tool_calls ?? [];
    if (calls.length > 0) {
      piece.toolCalls = calls.map((call, index) => ({
        id: call.id ?? `call_${index}`,
        name: call.function?.name ?? '',
        arguments: call.function?.arguments ?? '',
      }));
    }
    piece.finish = FINISH[reply.finish_reason ?? 'COMPLETE'] ?? 'stop';
    return completionOf(ctx.model, piece);
  }

  stream(ctx: AdapterContext) {
    let toolIndex = -1;
    return new PieceStream(ctx.model, (raw: SseEvent): Piece | null => {
      const event = eventJson<CohereEvent>(raw);
      switch (event?.type) {
        case 'content-delta':
          return { text: event.delta?.message?.content?.text ?? '' };
        case 'tool-call-start': {
          toolIndex += 1;
          const call = event.delta?.message?.tool_calls;
          return {
            toolCalls: [
              {
                id: call?.id ?? `call_${toolIndex}`,
                name: call?.function?.name ?? '',
                arguments: call?.function?.arguments ?? '',
                index: toolIndex,
              },
            ],
          };
        }
        case 'tool-call-delta': {
          const args = event.delta?.message?.tool_calls?.function?.arguments ?? '';
          return { toolCalls: [{ id: '', name: '', arguments: args, index: toolIndex }] };
        }
        case 'message-end':
          return {
            finish: FINISH[event.delta?.finish_reason ?? 'COMPLETE'] ?? 'stop',
            usage: usageOf(event.delta?.usage),
            done: true,
          };
        default:
          return null;
      }
    });
  }
}
