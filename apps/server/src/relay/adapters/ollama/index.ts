// Local model runner (type 4) through its native API: /api/chat (JSON or newline-delimited
// JSON stream) and /api/embed, with usage from prompt_eval_count and eval_count.
import type { Usage } from '../../billing';
import {
  type ChatMessage,
  dataUrl,
  type FinishReason,
  imageUrlOf,
  messageText,
  stopList,
  usageFields,
} from '../openai-shapes';
import { completionReply, type StreamPiece, TextChunkStream } from '../text-chunk-stream';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { baseUrlOf } from '../types';

interface OllamaReply {
  message?: { content?: string };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  embeddings?: number[][];
}

const usageOf = (reply: OllamaReply): Usage | undefined =>
  reply.done || reply.embeddings
    ? { promptTokens: reply.prompt_eval_count ?? 0, completionTokens: reply.eval_count ?? 0 }
    : undefined;

const finishOf = (reply: OllamaReply): FinishReason =>
  reply.done ? (reply.done_reason === 'length' ? 'length' : 'stop') : null;

function toOllamaMessage(message: ChatMessage) {
  const images = Array.isArray(message.content)
    ? message.content
        .filter((part) => part.type === 'image_url')
        .map((part) => dataUrl(imageUrlOf(part))?.data)
        .filter((data): data is string => Boolean(data))
    : [];
  return {
    role: message.role ?? 'user',
    content: messageText(message.content ?? ''),
    ...(images.length > 0 ? { images } : {}),
  };
}

/** The /api/chat body for an OpenAI chat body. */
export function toOllamaChat(ctx: AdapterContext): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (ctx.body.temperature !== undefined) options.temperature = ctx.body.temperature;
  if (ctx.body.top_p !== undefined) options.top_p = ctx.body.top_p;
  const maxTokens = ctx.body.max_tokens ?? ctx.body.max_completion_tokens;
  if (maxTokens !== undefined) options.num_predict = maxTokens;
  const stop = stopList(ctx.body.stop);
  if (stop) options.stop = stop;
  return {
    model: ctx.model,
    messages: ((ctx.body.messages ?? []) as ChatMessage[]).map(toOllamaMessage),
    stream: ctx.stream,
    options,
  };
}

/** What one reply or stream line carries. */
const pieceOf = (reply: OllamaReply): StreamPiece => ({
  text: reply.message?.content ?? '',
  finish: finishOf(reply),
  usage: usageOf(reply),
});

export class OllamaAdapter implements ProviderAdapter {
  readonly streamFraming = 'ndjson';

  supports(mode: RelayMode): boolean {
    return mode === 'chat' || mode === 'embeddings';
  }

  request(ctx: AdapterContext) {
    const embeddings = ctx.mode === 'embeddings';
    const body = embeddings ? { model: ctx.model, input: ctx.body.input } : toOllamaChat(ctx);
    return {
      url: new URL(`${baseUrlOf(ctx.channel)}${embeddings ? '/api/embed' : '/api/chat'}`),
      headers: {
        'content-type': 'application/json',
        ...(ctx.channel.key ? { authorization: `Bearer ${ctx.channel.key}` } : {}),
      },
      body: JSON.stringify(body),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = JSON.parse(raw.toString('utf8')) as OllamaReply;
    const usage = usageOf(reply);
    if (ctx.mode === 'embeddings') {
      const body = JSON.stringify({
        object: 'list',
        data: (reply.embeddings ?? []).map((embedding, index) => ({
          object: 'embedding',
          index,
          embedding,
        })),
        model: ctx.model,
        usage: usageFields(usage ?? { promptTokens: 0, completionTokens: 0 }),
      });
      return { body, contentType: 'application/json', usage, text: '' };
    }
    return completionReply(ctx.model, pieceOf(reply));
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new TextChunkStream(ctx.model, pieceOf);
  }
}
