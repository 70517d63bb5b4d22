// Gemini (type 24): OpenAI chat requests become generateContent / streamGenerateContent (SSE)
// requests; candidates and usageMetadata become OpenAI completions, chunks and usage.
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

export const GEMINI_DEFAULT_VERSION = 'v1beta';

const FINISH: Record<string, FinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
};

function parts(message: ChatMessage): unknown[] {
  if (typeof message.content === 'string' || !message.content)
    return [{ text: message.content ?? '' }];
  return message.content.map((part) => {
    if (part.type !== 'image_url') return { text: part.text ?? '' };
    const inline = dataUrl(imageUrlOf(part));
    return inline
      ? { inlineData: { mimeType: inline.mediaType, data: inline.data } }
      : { fileData: { fileUri: imageUrlOf(part) } };
  });
}

/** The generateContent body for an OpenAI chat body. */
export function toGeminiBody(ctx: AdapterContext): Record<string, unknown> {
  const messages = (ctx.body.messages ?? []) as ChatMessage[];
  const system = systemText(messages);
  const generationConfig: Record<string, unknown> = {};
  if (ctx.body.temperature !== undefined) generationConfig.temperature = ctx.body.temperature;
  if (ctx.body.top_p !== undefined) generationConfig.topP = ctx.body.top_p;
  const maxTokens = ctx.body.max_tokens ?? ctx.body.max_completion_tokens;
  if (maxTokens !== undefined) generationConfig.maxOutputTokens = maxTokens;
  const stop = stopList(ctx.body.stop);
  if (stop) generationConfig.stopSequences = stop;
  const body: Record<string, unknown> = {
    contents: conversation(messages).map((message) => ({
      role: message.role === 'assistant' ? 'model' : 'user',
      parts: parts(message),
    })),
    generationConfig,
  };
  if (system) body.systemInstruction = { parts: [{ text: system }] };
  return body;
}

interface GeminiReply {
  candidates?: { content?: { parts?: { text?: string }[] }; finishReason?: string }[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number };
}

const usageOf = (reply: GeminiReply): Usage | undefined =>
  reply.usageMetadata
    ? {
        promptTokens: reply.usageMetadata.promptTokenCount ?? 0,
        completionTokens: reply.usageMetadata.candidatesTokenCount ?? 0,
      }
    : undefined;

const textOf = (reply: GeminiReply): string =>
  (reply.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');

const finishOf = (reply: GeminiReply): FinishReason => {
  const reason = reply.candidates?.[0]?.finishReason;
  return reason ? (FINISH[reason] ?? 'stop') : null;
};

class GeminiStream implements StreamTranslator {
  usage: Usage | undefined;
  text = '';
  finished = false;
  private readonly id = `${CHAT_ID_PREFIX}${Date.now()}`;
  private started = false;

  constructor(private readonly model: string) {}

  push(event: SseEvent): string[] {
    let reply: GeminiReply;
    try {
      reply = JSON.parse(event.data) as GeminiReply;
    } catch {
      return [];
    }
    this.usage = usageOf(reply) ?? this.usage;
    const text = textOf(reply);
    const finish = finishOf(reply);
    if (finish) this.finished = true;
    this.text += text;
    const delta: Record<string, unknown> = { content: text };
    if (!this.started) delta.role = 'assistant';
    this.started = true;
    return [chunkBody(this.id, this.model, delta, finish)];
  }
}

export class GeminiAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    const base = baseUrlOf(ctx.channel);
    const version = ctx.channel.other || GEMINI_DEFAULT_VERSION;
    const action = ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    const model = encodeURIComponent(ctx.model);
    return {
      url: new URL(`${base}/${version}/models/${model}:${action}`),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.channel.key },
      body: JSON.stringify(toGeminiBody(ctx)),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = JSON.parse(raw.toString('utf8')) as GeminiReply;
    const text = textOf(reply);
    const usage = usageOf(reply);
    const id = `${CHAT_ID_PREFIX}${Date.now()}`;
    return {
      body: completionBody(id, ctx.model, text, finishOf(reply) ?? 'stop', usage),
      contentType: 'application/json',
      usage,
      text,
    };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new GeminiStream(ctx.model);
  }
}
