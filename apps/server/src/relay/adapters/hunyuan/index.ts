// Tencent Hunyuan (type 23): the ChatCompletions action of the hunyuan API (2023-09-01),
// signed with TC3-HMAC-SHA256 from `AppId|SecretId|SecretKey`. Errors arrive as HTTP 200 with
// Response.Error, also for streams.
import type { IncomingMessage } from 'node:http';
import type { SseEvent } from '../../transport/sse';
import type { UpstreamCancel } from '../../transport/upstream';
import {
  completionOf,
  eventJson,
  functionTools,
  type Piece,
  PieceStream,
  plainMessages,
} from '../chat-pieces';
import type { FinishReason } from '../openai-shapes';
import {
  AUTH_FAILED,
  errorResponse,
  isRecord,
  keyParts,
  parseJson,
  sendCheckingJson,
} from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody, unixNow } from '../types';
import { TC3_CONTENT_TYPE, tc3Authorization } from './signer';

export const HUNYUAN_VERSION = '2023-09-01';

interface HunyuanToolCall {
  Id?: string;
  Index?: number;
  Function?: { Name?: string; Arguments?: string };
}

interface HunyuanChoice {
  FinishReason?: string;
  Message?: { Content?: string; ToolCalls?: HunyuanToolCall[] };
  Delta?: { Content?: string; ToolCalls?: HunyuanToolCall[] };
}

interface HunyuanReply {
  Choices?: HunyuanChoice[];
  Usage?: { PromptTokens?: number; CompletionTokens?: number };
  Response?: HunyuanReply & { Error?: { Code?: string; Message?: string } };
}

const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  sensitive: 'content_filter',
  tool_calls: 'tool_calls',
};

function pieceOf(reply: HunyuanReply): Piece {
  const choice = reply.Choices?.[0];
  const part = choice?.Message ?? choice?.Delta;
  const piece: Piece = { text: part?.Content ?? '' };
  const calls = part?.ToolCalls ?? [];
  if (calls.length > 0) {
    piece.toolCalls = calls.map((call, index) => ({
      id: call.Id ?? `call_${index}`,
      name: call.Function?.Name ?? '',
      arguments: call.Function?.Arguments ?? '',
      index: call.Index ?? index,
    }));
  }
  if (reply.Usage) {
    piece.usage = {
      promptTokens: reply.Usage.PromptTokens ?? 0,
      completionTokens: reply.Usage.CompletionTokens ?? 0,
    };
  }
  if (choice?.FinishReason) piece.finish = FINISH[choice.FinishReason] ?? 'stop';
  return piece;
}

const statusOfCode = (code: string): number =>
  code.startsWith('AuthFailure')
    ? AUTH_FAILED
    : code.includes('LimitExceeded')
      ? 429
      : code.startsWith('InternalError')
        ? 500
        : 400;

export class HunyuanAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  /** The ChatCompletions payload (Tencent's capitalised fields). */
  payload(ctx: AdapterContext): Record<string, unknown> {
    const b = chatBody(ctx);
    const payload: Record<string, unknown> = {
      Model: ctx.model,
      Messages: plainMessages(b).map((message) => ({
        Role: message.role,
        Content: message.content,
      })),
      Stream: ctx.stream,
    };
    if (b.temperature !== undefined) payload.Temperature = b.temperature;
    if (b.top_p !== undefined) payload.TopP = b.top_p;
    const tools = functionTools(b);
    if (tools.length > 0) {
      payload.Tools = tools.map((tool) => ({
        Type: 'function',
        Function: {
          Name: tool.name,
          Description: tool.description ?? '',
          Parameters: JSON.stringify(tool.parameters ?? {}),
        },
      }));
    }
    return payload;
  }

  request(ctx: AdapterContext) {
    const [, secretId = '', secretKey = ''] = keyParts(ctx.channel.key, '|', 3);
    const url = new URL(`${baseUrlOf(ctx.channel)}/`);
    const payload = JSON.stringify(this.payload(ctx));
    const timestamp = unixNow();
    const authorization = tc3Authorization({
      secretId,
      secretKey,
      service: 'hunyuan',
      host: url.host,
      payload,
      timestamp,
    });
    return {
      url,
      headers: {
        'content-type': TC3_CONTENT_TYPE,
        authorization,
        'x-tc-action': 'ChatCompletions',
        'x-tc-version': HUNYUAN_VERSION,
        'x-tc-timestamp': String(timestamp),
      },
      body: payload,
    };
  }

  send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    return sendCheckingJson(this.request(ctx), cancel, (body) => {
      const error = isRecord(body) && isRecord(body.Response) ? body.Response.Error : undefined;
      if (!isRecord(error)) return null;
      const code = String(error.Code ?? 'InternalError');
      const type = code.startsWith('AuthFailure') ? 'authentication_error' : undefined;
      return errorResponse(statusOfCode(code), String(error.Message ?? code), code, type);
    });
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<HunyuanReply>(raw);
    return completionOf(ctx.model, pieceOf(reply.Response ?? reply));
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const reply = eventJson<HunyuanReply>(event);
      return reply ? pieceOf(reply) : null;
    });
  }
}
