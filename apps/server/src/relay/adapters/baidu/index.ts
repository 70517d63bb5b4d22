// Baidu ERNIE (type 15): `APIKey|SecretKey` is exchanged for an OAuth access token (client
// credentials), cached for its lifetime and shared; chat at wenxinworkshop/chat/<endpoint>,
// embeddings at wenxinworkshop/embeddings/<endpoint>. Errors come as HTTP 200 with error_code.
import type { IncomingMessage } from 'node:http';
import type { SseEvent } from '../../transport/sse';
import {
  readBody,
  sendUpstream,
  type UpstreamCancel,
  UpstreamNetworkError,
} from '../../transport/upstream';
import {
  completionOf,
  embeddingInputs,
  embeddingsOf,
  eventJson,
  functionTools,
  type Piece,
  PieceStream,
  plainMessages,
} from '../chat-pieces';
import { CredentialCache } from '../credential-cache';
import type { FinishReason } from '../openai-shapes';
import { stopList } from '../openai-shapes';
import {
  AUTH_FAILED,
  errorResponse,
  isRecord,
  keyParts,
  parseJson,
  sendCheckingJson,
} from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';

/** Model names → the endpoint names of the chat and embedding URLs. */
const ENDPOINTS: Record<string, string> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-4.0-Turbo-8K': 'ernie-4.0-turbo-8k',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Speed-128K': 'ernie-speed-128k',
  'ERNIE-Lite-8K': 'ernie-lite-8k',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

/** error_code values that mean the access token is bad (110 invalid, 111 expired). */
const TOKEN_CODES = new Set([110, 111]);
const RATE_CODES = new Set([4, 17, 18, 336501, 336502]);

interface BaiduReply {
  result?: string;
  is_end?: boolean;
  finish_reason?: string;
  function_call?: { name?: string; arguments?: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  data?: { embedding?: number[] }[];
  error_code?: number;
  error_msg?: string;
}

const FINISH: Record<string, FinishReason> = {
  normal: 'stop',
  stop: 'stop',
  length: 'length',
  content_filter: 'content_filter',
  function_call: 'tool_calls',
};

function pieceOf(reply: Partial<BaiduReply>): Piece {
  const call = reply.function_call;
  const usage = reply.usage
    ? {
        promptTokens: reply.usage.prompt_tokens ?? 0,
        completionTokens: reply.usage.completion_tokens ?? 0,
      }
    : undefined;
  const piece: Piece = { text: reply.result ?? '', usage };
  if (call?.name) {
    piece.toolCalls = [
      { id: `call_${Date.now()}`, name: call.name, arguments: call.arguments ?? '{}' },
    ];
  }
  if (reply.is_end !== false) {
    piece.finish = FINISH[reply.finish_reason ?? 'normal'] ?? 'stop';
    if (call?.name) piece.finish = 'tool_calls';
    piece.done = true;
  }
  return piece;
}

/** The token endpoint refused the key pair (its own OAuth error body). */
class TokenRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super();
  }
}

export class BaiduAdapter implements ProviderAdapter {
  readonly tokens = new CredentialCache('baidu');

  supports(mode: RelayMode): boolean {
    return mode === 'chat' || mode === 'embeddings';
  }

  request(): never {
    throw new Error('Baidu requests are sent through send()');
  }

  /** The chat (or embeddings) body of ERNIE's API. */
  body(ctx: AdapterContext): Record<string, unknown> {
    if (ctx.mode === 'embeddings') return { input: embeddingInputs(ctx.body) };
    const b = chatBody(ctx);
    const messages = plainMessages(b);
    const body: Record<string, unknown> = {
      messages: messages.filter((message) => message.role !== 'system'),
      stream: ctx.stream,
    };
    const system = messages.filter((message) => message.role === 'system');
    if (system.length > 0) body.system = system.map((message) => message.content).join('\n');
    if (b.temperature !== undefined) body.temperature = b.temperature;
    if (b.top_p !== undefined) body.top_p = b.top_p;
    const max = b.max_tokens ?? b.max_completion_tokens;
    if (typeof max === 'number') body.max_output_tokens = Math.max(2, max);
    const stop = stopList(b.stop);
    if (stop) body.stop = stop;
    const tools = functionTools(b);
    if (tools.length > 0) body.functions = tools;
    if (typeof b.user === 'string') body.user_id = b.user;
    return body;
  }

  send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    return this.attempt(ctx, cancel, true);
  }

  /** One call with the cached token; a token Baidu refuses is exchanged again once. */
  private async attempt(
    ctx: AdapterContext,
    cancel: UpstreamCancel,
    renew: boolean,
  ): Promise<IncomingMessage> {
    const base = baseUrlOf(ctx.channel);
    const key = ctx.channel.key;
    let token: string;
    try {
      token = await this.tokens.get(key, () => this.exchange(base, key, cancel), ctx.credentials);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
      return errorResponse(error.status, error.message, error.code, 'authentication_error');
    }
    const kind = ctx.mode === 'embeddings' ? 'embeddings' : 'chat';
    const endpoint = ENDPOINTS[ctx.model] ?? ctx.model.toLowerCase();
    const url = new URL(`${base}/rpc/2.0/ai_custom/v1/wenxinworkshop/${kind}/${endpoint}`);
    url.searchParams.set('access_token', token);
    const request = {
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.body(ctx)),
    };
    let refused = false;
    const response = await sendCheckingJson(request, cancel, (body) => {
      if (!isRecord(body) || typeof body.error_code !== 'number') return null;
      const message = String(body.error_msg ?? `error ${body.error_code}`);
      if (TOKEN_CODES.has(body.error_code)) {
        refused = true;
        return errorResponse(AUTH_FAILED, message, body.error_code, 'authentication_error');
      }
      const code = body.error_code;
      const status = RATE_CODES.has(code) ? 429 : code >= 336000 && code < 336100 ? 500 : 400;
      return errorResponse(status, message, code);
    });
    if (!refused || !renew) return response;
    response.resume();
    await this.tokens.invalidate(key, ctx.credentials);
    return this.attempt(ctx, cancel, false);
  }

  /** POST /oauth/2.0/token with the client credentials. */
  private async exchange(base: string, key: string, cancel: UpstreamCancel) {
    const [clientId = '', clientSecret = ''] = keyParts(key, '|', 2);
    const url = new URL(`${base}/oauth/2.0/token`);
    url.searchParams.set('grant_type', 'client_credentials');
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('client_secret', clientSecret);
    const response = await sendUpstream(
      { url, headers: { 'content-type': 'application/json' }, body: '' },
      cancel,
    );
    const raw = await readBody(response);
    const reply = parseJson<{
      access_token: string;
      expires_in: number;
      error: string;
      error_description: string;
    }>(raw);
    if (response.statusCode === 200 && typeof reply.access_token === 'string') {
      return { value: reply.access_token, ttlMs: (reply.expires_in ?? 2_592_000) * 1000 };
    }
    if (!reply.error) throw new UpstreamNetworkError(`token exchange: HTTP ${response.statusCode}`);
    const refused = new TokenRefused(AUTH_FAILED, reply.error);
    refused.message = reply.error_description ?? reply.error;
    throw refused;
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<BaiduReply>(raw);
    if (ctx.mode === 'embeddings') {
      const vectors = (reply.data ?? []).map((item) => item.embedding ?? []);
      return embeddingsOf(ctx.model, vectors, reply.usage?.prompt_tokens ?? 0);
    }
    return completionOf(ctx.model, pieceOf(reply));
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const reply = eventJson<BaiduReply>(event);
      return reply ? pieceOf(reply) : null;
    });
  }
}
