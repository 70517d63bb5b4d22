// Alibaba DashScope (type 17): the native text-generation API (input.messages, parameters with
// result_format "message" and incremental output; streams asked for with X-DashScope-SSE) and
// the text-embedding API. The channel's `other` is sent as the X-DashScope-Plugin header.
import type { SseEvent } from '../../transport/sse';
import {
  completionOf,
  embeddingInputs,
  embeddingsOf,
  eventJson,
  type Piece,
  PieceStream,
} from '../chat-pieces';
import type { FinishReason } from '../openai-shapes';
import { stopList } from '../openai-shapes';
import { parseJson } from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';

interface DashScopeReply {
  output?: {
    text?: string;
    finish_reason?: string;
    choices?: {
      finish_reason?: string;
      message?: {
        content?: string;
        tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
      };
    }[];
    embeddings?: { text_index?: number; embedding?: number[] }[];
  };
  usage?: { input_tokens?: number; output_tokens?: number; total_tokens?: number };
}

const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
};

function pieceOf(reply: Partial<DashScopeReply>): Piece {
  const choice = reply.output?.choices?.[0];
  const reason = choice?.finish_reason ?? reply.output?.finish_reason;
  const piece: Piece = { text: choice?.message?.content ?? reply.output?.text ?? '' };
  const calls = choice?.message?.tool_calls ?? [];
  if (calls.length > 0) {
    piece.toolCalls = calls.map((call, index) => ({
      id: call.id ?? `call_${index}`,
      name: call.function?.name ?? '',
      arguments: call.function?.arguments ?? '',
      index,
    }));
  }
  if (reply.usage) {
    piece.usage = {
      promptTokens: reply.usage.input_tokens ?? 0,
      completionTokens: reply.usage.output_tokens ?? 0,
    };
  }
  // While streaming the reason is the string "null".
  if (reason && reason !== 'null') piece.finish = FINISH[reason] ?? 'stop';
  return piece;
}

export class DashScopeAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat' || mode === 'embeddings';
  }

  request(ctx: AdapterContext) {
    const base = baseUrlOf(ctx.channel);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${ctx.channel.key}`,
    };
    if (ctx.mode === 'embeddings') {
      return {
        url: new URL(`${base}/api/v1/services/embeddings/text-embedding/text-embedding`),
        headers,
        body: JSON.stringify({
          model: ctx.model,
          input: { texts: embeddingInputs(ctx.body) },
          parameters: { text_type: 'query' },
        }),
      };
    }
    if (ctx.stream) headers['x-dashscope-sse'] = 'enable';
    if (ctx.channel.other) headers['x-dashscope-plugin'] = ctx.channel.other;
    const b = chatBody(ctx);
    const parameters: Record<string, unknown> = {
      result_format: 'message',
      incremental_output: ctx.stream,
    };
    for (const name of ['temperature', 'top_p', 'top_k', 'seed'] as const) {
      if (b[name] !== undefined) parameters[name] = b[name];
    }
    const max = b.max_tokens ?? b.max_completion_tokens;
    if (max !== undefined) parameters.max_tokens = max;
    const stop = stopList(b.stop);
    if (stop) parameters.stop = stop;
    if (Array.isArray(b.tools) && b.tools.length > 0) parameters.tools = b.tools;
    return {
      url: new URL(`${base}/api/v1/services/aigc/text-generation/generation`),
      headers,
      body: JSON.stringify({ model: ctx.model, input: { messages: b.messages ?? [] }, parameters }),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<DashScopeReply>(raw);
    if (ctx.mode === 'embeddings') {
      const items = [...(reply.output?.embeddings ?? [])].sort(
        (a, b) => (a.text_index ?? 0) - (b.text_index ?? 0),
      );
      return embeddingsOf(
        ctx.model,
        items.map((item) => item.embedding ?? []),
        reply.usage?.total_tokens ?? 0,
      );
    }
    return completionOf(ctx.model, pieceOf(reply));
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const reply = eventJson<DashScopeReply>(event);
      return reply ? pieceOf(reply) : null;
    });
  }
}
