// Zhipu ChatGLM v3 (type 16): model-api/<model>/invoke and sse-invoke with the cached JWT in
// Authorization. Its stream events carry text in `data` and the usage in a `meta` field that
// plain SSE readers drop, so each event is re-framed as one JSON data line before translation.
import type { IncomingMessage } from 'node:http';
import type { SseEvent } from '../../transport/sse';
import { sendUpstream, type UpstreamCancel } from '../../transport/upstream';
import { completionOf, eventJson, PieceStream, plainMessages } from '../chat-pieces';
import {
  AUTH_FAILED,
  checkJson,
  errorResponse,
  isRecord,
  parseJson,
  syntheticResponse,
} from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';
import { zhipuToken, zhipuTokens } from './jwt';

interface ZhipuUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface InvokeReply {
  code?: number;
  msg?: string;
  success?: boolean;
  data?: { choices?: { content?: string }[]; usage?: ZhipuUsage };
}

/** One sse-invoke event, re-framed. */
interface ZhipuEvent {
  event: string;
  data: string;
  meta?: string;
}

const usageOf = (usage: ZhipuUsage | undefined) =>
  usage
    ? { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 }
    : undefined;

/** Codes of a refused token (1000–1004: authentication failed, missing, invalid, expired). */
const isAuthCode = (code: number) => code >= 1000 && code <= 1004;
const isRateCode = (code: number) => code === 1302 || code === 1303 || code === 1305;

/** v3 answers its content as a JSON string literal ("\"Hello\""); unquote it. */
function unquote(content: string): string {
  if (!content.startsWith('"')) return content;
  try {
    return String(JSON.parse(content));
  } catch {
    return content;
  }
}

/** Re-frames sse-invoke's `event/id/data/meta` blocks as `data: {json}` events. */
function reframe(upstream: IncomingMessage): IncomingMessage {
  const out = syntheticResponse(200, 'text/event-stream', () => upstream.destroy());
  let buffer = '';
  let current: ZhipuEvent = { event: '', data: '' };
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0 || current.event) {
      current.data = lines.join('\n');
      out.write(`data: ${JSON.stringify(current)}\n\n`);
    }
    current = { event: '', data: '' };
    lines = [];
  };
  upstream.setEncoding('utf8');
  upstream.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (line === '') flush();
      else if (line.startsWith('event:')) current.event = line.slice(6).trim();
      else if (line.startsWith('data:')) lines.push(line.slice(line.charAt(5) === ' ' ? 6 : 5));
      else if (line.startsWith('meta:')) current.meta = line.slice(5).trim();
      end = buffer.indexOf('\n');
    }
  });
  upstream.once('end', () => {
    flush();
    out.end();
  });
  upstream.once('error', (error) => out.fail(error));
  return out.response;
}

export class ZhipuAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(): never {
    throw new Error('Zhipu v3 requests are sent through send()');
  }

  async send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const token = await zhipuToken(ctx.channel.key, ctx.credentials);
    const action = ctx.stream ? 'sse-invoke' : 'invoke';
    const chat = chatBody(ctx);
    const prompt = plainMessages(chat).map((message) => ({
      // v3 knows user and assistant turns only; a system prompt is the first user turn.
      role: message.role === 'assistant' ? 'assistant' : 'user',
      content: message.content,
    }));
    const body: Record<string, unknown> = { prompt, incremental: true };
    if (chat.temperature !== undefined) body.temperature = chat.temperature;
    if (chat.top_p !== undefined) body.top_p = chat.top_p;
    const request = {
      url: new URL(
        `${baseUrlOf(ctx.channel)}/api/paas/v3/model-api/${encodeURIComponent(ctx.model)}/${action}`,
      ),
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    };
    const response = await sendUpstream(request, cancel);
    if (String(response.headers['content-type'] ?? '').includes('event-stream')) {
      return reframe(response);
    }
    return checkJson(response, (reply) => {
      if (!isRecord(reply) || reply.success !== false) return null;
      const code = Number(reply.code ?? 0);
      const message = String(reply.msg ?? `error ${code}`);
      if (isAuthCode(code)) {
        void zhipuTokens.invalidate(ctx.channel.key, ctx.credentials);
        return errorResponse(AUTH_FAILED, message, code, 'authentication_error');
      }
      return errorResponse(isRateCode(code) ? 429 : 400, message, code);
    });
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<InvokeReply>(raw);
    const text = (reply.data?.choices ?? [])
      .map((choice) => unquote(choice.content ?? ''))
      .join('');
    return completionOf(ctx.model, { text, usage: usageOf(reply.data?.usage), finish: 'stop' });
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (raw: SseEvent) => {
      const event = eventJson<ZhipuEvent>(raw);
      if (!event) return null;
      if (event.event === 'add') return { text: event.data };
      if (event.event === 'finish') {
        const meta = event.meta ? parseJson<{ usage: ZhipuUsage }>(event.meta) : {};
        return { text: event.data, finish: 'stop', usage: usageOf(meta.usage), done: true };
      }
      // error / interrupted: the reply ends here, cut short.
      return { text: event.data, finish: event.event === 'interrupted' ? 'length' : 'stop' };
    });
  }
}
