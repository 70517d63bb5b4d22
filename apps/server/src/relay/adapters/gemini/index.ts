// Gemini (type 24): OpenAI chat requests become generateContent / streamGenerateContent (SSE)
// requests; candidates and usageMetadata become OpenAI completions, chunks and usage.
import type { Usage } from '../../billing';
import {
  type ChatMessage,
  conversation,
  dataUrl,
  type FinishReason,
  imageUrlOf,
  stopList,
  systemText,
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

export /** What one reply or stream event carries. */
const pieceOf = (reply: GeminiReply): StreamPiece => ({
  text: textOf(reply),
  finish: finishOf(reply),
  usage: usageOf(reply),
});

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
    return completionReply(ctx.model, pieceOf(JSON.parse(raw.toString('utf8')) as GeminiReply));
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new TextChunkStream(ctx.model, pieceOf);
  }
}
