// Google PaLM 2 (type 11, legacy): the v1beta2 generateMessage API (prompt.context and
// author-tagged messages, the key as ?key=). It has no streaming: a stream request gets the
// whole reply as one chunk. An invalid key (HTTP 400, reason API_KEY_INVALID) is an auth failure.
import type { IncomingMessage } from 'node:http';
import type { SseEvent } from '../../transport/sse';
import { readBody, sendUpstream, type UpstreamCancel } from '../../transport/upstream';
import { completionOf, eventJson, type Piece, PieceStream, plainMessages } from '../chat-pieces';
import { countedUsage, withCountedUsage } from '../counted-usage';
import { AUTH_FAILED, errorResponse, parseJson, syntheticResponse } from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';

/** The registry's model name for the one chat model of the API. */
const MODELS: Record<string, string> = { 'PaLM-2': 'chat-bison-001' };

interface PalmReply {
  candidates?: { author?: string; content?: string }[];
  filters?: { reason?: string; message?: string }[];
  error?: { code?: number; message?: string; status?: string; details?: { reason?: string }[] };
}

function pieceOf(reply: Partial<PalmReply>): Piece {
  const text = reply.candidates?.[0]?.content ?? '';
  const filtered = !text && (reply.filters?.length ?? 0) > 0;
  return { text, finish: filtered ? 'content_filter' : 'stop', done: true };
}

export class PalmAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    const model = MODELS[ctx.model] ?? ctx.model;
    const url = new URL(`${baseUrlOf(ctx.channel)}/v1beta2/models/${model}:generateMessage`);
    url.searchParams.set('key', ctx.channel.key);
    const chat = chatBody(ctx);
    const messages = plainMessages(chat);
    const prompt: Record<string, unknown> = {
      messages: messages
        .filter((message) => message.role !== 'system')
        .map((message) => ({
          author: message.role === 'assistant' ? '1' : '0',
          content: message.content,
        })),
    };
    const context = messages.filter((message) => message.role === 'system');
    if (context.length > 0) prompt.context = context.map((message) => message.content).join('\n');
    const body: Record<string, unknown> = { prompt, candidateCount: 1 };
    if (chat.temperature !== undefined) body.temperature = chat.temperature;
    if (chat.top_p !== undefined) body.topP = chat.top_p;
    if (chat.top_k !== undefined) body.topK = chat.top_k;
    return { url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  }

  async send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const response = await sendUpstream(this.request(ctx), cancel);
    const raw = await readBody(response);
    const status = response.statusCode ?? 0;
    const reply = parseJson<PalmReply>(raw);
    if (reply.error) {
      const invalidKey = reply.error.details?.some((detail) => detail.reason === 'API_KEY_INVALID');
      return invalidKey
        ? errorResponse(
            AUTH_FAILED,
            reply.error.message ?? 'API key not valid',
            'API_KEY_INVALID',
            'authentication_error',
          )
        : errorResponse(
            status >= 400 ? status : 500,
            reply.error.message ?? `HTTP ${status}`,
            reply.error.status ?? null,
          );
    }
    if (!ctx.stream) {
      const whole = syntheticResponse(status, 'application/json');
      whole.write(raw);
      whole.end();
      return withCountedUsage(ctx, whole.response, (body) => pieceOf(body as PalmReply).text ?? '');
    }
    const contentType = status === 200 ? 'text/event-stream' : 'application/json';
    const out = syntheticResponse(status, contentType);
    out.write(contentType === 'text/event-stream' ? `data: ${raw.toString('utf8')}\n\n` : raw);
    out.end();
    return out.response;
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<PalmReply>(raw);
    return completionOf(ctx.model, {
      ...pieceOf(reply),
      usage: countedUsage(reply as Record<string, unknown>),
    });
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const reply = eventJson<PalmReply>(event);
      return reply ? pieceOf(reply) : null;
    });
  }
}
