// iFlytek Spark (type 18): one WebSocket per request to the signed URL of the API version (the
// channel's `other`, else the model's suffix); the request is one JSON frame, the reply frames
// (header.status 2 = last, usage on it) become SSE chunks, or one JSON list for a whole reply.
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { SseEvent } from '../../transport/sse';
import { readBody, type UpstreamCancel, UpstreamNetworkError } from '../../transport/upstream';
import {
  completionOf,
  eventJson,
  functionTools,
  type Piece,
  PieceStream,
  plainMessages,
} from '../chat-pieces';
import {
  AUTH_FAILED,
  errorResponse,
  jsonResponse,
  keyParts,
  parseJson,
  syntheticResponse,
} from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';
import { signedSparkUrl } from './signer';

/** API version → the `domain` the chat parameter names. */
const DOMAINS: Record<string, string> = {
  'v1.1': 'lite',
  'v2.1': 'generalv2',
  'v3.1': 'generalv3',
  'v3.5': 'generalv3.5',
  'v4.0': '4.0Ultra',
};
const DEFAULT_VERSION = 'v2.1';
/** No frame for this long ends the reply. */
const IDLE_MS = 60_000;

interface SparkFrame {
  header?: { code?: number; message?: string; status?: number; sid?: string };
  payload?: {
    choices?: {
      status?: number;
      text?: { content?: string; function_call?: { name?: string; arguments?: string } }[];
    };
    usage?: { text?: { prompt_tokens?: number; completion_tokens?: number } };
  };
}

export function sparkVersion(ctx: AdapterContext): string {
  if (ctx.channel.other) return ctx.channel.other;
  const suffix = /-(v\d+\.\d+)$/i.exec(ctx.model)?.[1];
  return suffix ? suffix.toLowerCase() : DEFAULT_VERSION;
}

function pieceOf(frame: SparkFrame): Piece {
  const texts = frame.payload?.choices?.text ?? [];
  const piece: Piece = { text: texts.map((text) => text.content ?? '').join('') };
  const call = texts.find((text) => text.function_call)?.function_call;
  if (call?.name)
    piece.toolCalls = [
      { id: `call_${Date.now()}`, name: call.name, arguments: call.arguments ?? '{}' },
    ];
  const usage = frame.payload?.usage?.text;
  if (usage)
    piece.usage = {
      promptTokens: usage.prompt_tokens ?? 0,
      completionTokens: usage.completion_tokens ?? 0,
    };
  if (frame.header?.status === 2) {
    piece.finish = call?.name ? 'tool_calls' : 'stop';
    piece.done = true;
  }
  return piece;
}

/** Error codes of a frame header: 11200 is a refused licence, 11201–11203 are rate limits. */
function frameError(frame: SparkFrame): IncomingMessage {
  const code = frame.header?.code ?? 0;
  const message = frame.header?.message ?? `error ${code}`;
  if (code === 11200) return errorResponse(AUTH_FAILED, message, code, 'authentication_error');
  if (code >= 11201 && code <= 11203) return errorResponse(429, message, code);
  if (code === 10013 || code === 10014 || code === 10019) return errorResponse(400, message, code);
  return errorResponse(500, message, code);
}

export class SparkAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(): never {
    throw new Error('Spark requests are sent over a WebSocket by send()');
  }

  frame(ctx: AdapterContext, appId: string, version: string): Record<string, unknown> {
    const b = chatBody(ctx);
    const chat: Record<string, unknown> = { domain: DOMAINS[version] ?? version };
    if (b.temperature !== undefined) chat.temperature = b.temperature;
    const max = b.max_tokens ?? b.max_completion_tokens;
    if (max !== undefined) chat.max_tokens = max;
    if (b.top_k !== undefined) chat.top_k = b.top_k;
    const payload: Record<string, unknown> = { message: { text: plainMessages(b) } };
    const tools = functionTools(b);
    if (tools.length > 0) payload.functions = { text: tools };
    const uid = typeof b.user === 'string' ? b.user.slice(0, 32) : undefined;
    return { header: { app_id: appId, ...(uid ? { uid } : {}) }, parameter: { chat }, payload };
  }

  send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const [appId = '', apiSecret = '', apiKey = ''] = keyParts(ctx.channel.key, '|', 3);
    const version = sparkVersion(ctx);
    const url = signedSparkUrl(
      baseUrlOf(ctx.channel),
      `/${version}/chat`,
      apiKey,
      apiSecret,
      new Date().toUTCString(),
    );
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      // The relay's cancel destroys what it holds: here that closes the socket.
      cancel.attach({ destroy: () => socket.terminate() });
      let writer: ReturnType<typeof syntheticResponse> | undefined;
      const frames: SparkFrame[] = [];
      let idle: NodeJS.Timeout | undefined;
      const touch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.terminate(), IDLE_MS);
      };
      socket.once('unexpected-response', (_request, response) => {
        // The handshake was refused (a bad signature is 401 with {"message": ...}).
        readBody(response)
          .then((raw) => resolve(jsonResponse(response.statusCode ?? 502, raw.toString('utf8'))))
          .catch(reject)
          .finally(() => socket.terminate());
      });
      socket.once('open', () => {
        touch();
        socket.send(JSON.stringify(this.frame(ctx, appId, version)));
      });
      socket.on('message', (data) => {
        touch();
        const frame = parseJson<SparkFrame>(data.toString());
        if (frame.header?.code) {
          if (writer) writer.fail(new Error(frame.header.message ?? 'spark error'));
          else resolve(frameError(frame));
          socket.close();
          return;
        }
        const last = frame.header?.status === 2;
        if (ctx.stream) {
          if (!writer) {
            writer = syntheticResponse(200, 'text/event-stream', () => socket.terminate());
            resolve(writer.response);
          }
          writer.write(`data: ${JSON.stringify(frame)}\n\n`);
          if (last) writer.end();
        } else {
          frames.push(frame);
          if (last) resolve(jsonResponse(200, frames));
        }
        if (last) socket.close();
      });
      socket.once('error', (error) => {
        if (writer) writer.fail(error);
        else reject(new UpstreamNetworkError(error.message));
      });
      socket.once('close', () => {
        clearTimeout(idle);
        if (writer) writer.fail(new Error('spark closed the socket'));
        else reject(new UpstreamNetworkError('spark closed the socket before answering'));
      });
    });
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    let frames: SparkFrame[] = [];
    try {
      frames = JSON.parse(raw.toString('utf8')) as SparkFrame[];
    } catch {
      frames = [];
    }
    const pieces = frames.map(pieceOf);
    const merged: Piece = {
      text: pieces.map((piece) => piece.text ?? '').join(''),
      toolCalls: pieces.flatMap((piece) => piece.toolCalls ?? []),
      usage: pieces.findLast((piece) => piece.usage)?.usage,
      finish: pieces.at(-1)?.finish ?? 'stop',
    };
    return completionOf(ctx.model, merged);
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const frame = eventJson<SparkFrame>(event);
      return frame ? pieceOf(frame) : null;
    });
  }
}
