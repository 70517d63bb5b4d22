// Anthropic (type 14): OpenAI chat requests become Messages API requests; replies and streaming
// events become OpenAI completions and chunks.
import type { Usage } from '../../billing';
import type { SseEvent } from '../../sse';
import {
  type ChatMessage,
  chunkBody,
  completionBody,
  conversation,
  dataUrl,
  type FinishReason,
  imageUrlOf,
  stopList,
  systemText,
} from '../openai-shapes';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { baseUrlOf, CHAT_ID_PREFIX } from '../types';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_MAX_TOKENS = 4096;

const FINISH: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
};

const finishOf = (reason: unknown): FinishReason =>
  typeof reason === 'string' ? (FINISH[reason] ?? 'stop') : null;

function contentBlocks(message: ChatMessage): unknown {
  if (typeof message.content === 'string' || !message.content) return message.content ?? '';
  return message.content.map((part) => {
    if (part.type !== 'image_url') return { type: 'text', text: part.text ?? '' };
    const url = imageUrlOf(part);
    const inline = dataUrl(url);
    return inline
      ? {
          type: 'image',
          source: { type: 'base64', media_type: inline.mediaType, data: inline.data },
        }
      : { type: 'image', source: { type: 'url', url } };
  });
}

/** The Messages API body for an OpenAI chat body. */
export function toAnthropicBody(ctx: AdapterContext): Record<string, unknown> {
  const messages = (ctx.body.messages ?? []) as ChatMessage[];
  const system = systemText(messages);
  const body: Record<string, unknown> = {
    model: ctx.model,
    max_tokens: ctx.body.max_tokens ?? ctx.body.max_completion_tokens ?? DEFAULT_MAX_TOKENS,
    messages: conversation(messages).map((message) => ({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      content: contentBlocks(message),
    })),
    stream: ctx.stream,
  };
  if (system) body.system = system;
  if (ctx.body.temperature !== undefined) body.temperature = ctx.body.temperature;
  if (ctx.body.top_p !== undefined) body.top_p = ctx.body.top_p;
  const stop = stopList(ctx.body.stop);
  if (stop) body.stop_sequences = stop;
  return body;
}

interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
}

interface AnthropicMessage {
  id?: string;
  content?: { type?: string; text?: string }[];
  stop_reason?: string;
  usage?: AnthropicUsage;
}

const usageOf = (usage: AnthropicUsage | undefined): Usage | undefined =>
  usage
    ? { promptTokens: usage.input_tokens ?? 0, completionTokens: usage.output_tokens ?? 0 }
    : undefined;

interface AnthropicEvent {
  type?: string;
  message?: AnthropicMessage;
  delta?: { type?: string; text?: string; stop_reason?: string };
  usage?: AnthropicUsage;
}

class AnthropicStream implements StreamTranslator {
  usage: Usage | undefined;
  text = '';
  finished = false;
  private id = `${CHAT_ID_PREFIX}${Date.now()}`;

  constructor(private readonly model: string) {}

  push(event: SseEvent): string[] {
    let data: AnthropicEvent;
    try {
      data = JSON.parse(event.data) as AnthropicEvent;
    } catch {
      return [];
    }
    switch (data.type) {
      case 'message_start':
        if (data.message?.id) this.id = `${CHAT_ID_PREFIX}${data.message.id}`;
        this.usage = usageOf(data.message?.usage);
        return [chunkBody(this.id, this.model, { role: 'assistant', content: '' })];
      case 'content_block_delta': {
        const text = data.delta?.text ?? '';
        if (!text) return [];
        this.text += text;
        return [chunkBody(this.id, this.model, { content: text })];
      }
      case 'message_delta':
        this.usage = {
          promptTokens: this.usage?.promptTokens ?? data.usage?.input_tokens ?? 0,
          completionTokens: data.usage?.output_tokens ?? this.usage?.completionTokens ?? 0,
        };
        return [chunkBody(this.id, this.model, {}, finishOf(data.delta?.stop_reason))];
      case 'message_stop':
        this.finished = true;
        return [];
      default:
        return [];
    }
  }
}

export class AnthropicAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    const base = baseUrlOf(ctx.channel);
    return {
      url: new URL(`${base}/v1/messages`),
      headers: {
        'content-type': 'application/json',
        'x-api-key': ctx.channel.key,
        'anthropic-version': ANTHROPIC_VERSION,
      },
      body: JSON.stringify(toAnthropicBody(ctx)),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const message = JSON.parse(raw.toString('utf8')) as AnthropicMessage;
    const text = (message.content ?? []).map((block) => block.text ?? '').join('');
    const usage = usageOf(message.usage);
    const id = `${CHAT_ID_PREFIX}${message.id ?? Date.now()}`;
    const body = completionBody(id, ctx.model, text, finishOf(message.stop_reason), usage);
    return { body, contentType: 'application/json', usage, text };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new AnthropicStream(ctx.model);
  }
}
