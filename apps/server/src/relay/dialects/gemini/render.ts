// Canonical completion and chunks → Gemini GenerateContentResponse (whole, or one per SSE
// event with alt=sse); errors as Google's `{error:{code,message,status}}`.

import { argumentsObject } from '../../canonical/build';
import { readChunk } from '../../canonical/chunk-reader';
import type {
  AssistantMessage,
  ChatCompletion,
  ChatError,
  ChunkChoices,
  FinishReason,
} from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { usageOfChat } from '../../canonical/usage';
import { sseFrame } from '../../transport/sse';
import { finishToGemini, usageToGemini } from '../../wire/gemini/usage';
import type { GeminiPart, GeminiReply } from '../../wire/gemini/wire';
import type { RenderContext, StreamRenderer } from '../types';

const responseId = () => Math.random().toString(36).slice(2, 14);

function partsOf(message: AssistantMessage | undefined): GeminiPart[] {
  const parts: GeminiPart[] = [];
  if (message?.reasoning_content) parts.push({ text: message.reasoning_content, thought: true });
  const text =
    typeof message?.content === 'string'
      ? message.content
      : (message?.content ?? []).map((p) => p.text).join('');
  if (text) parts.push({ text });
  for (const call of message?.tool_calls ?? []) {
    parts.push({
      functionCall: {
        id: call.id,
        name: call.function.name,
        args: argumentsObject(call.function.arguments),
      },
    });
  }
  return parts;
}

export function geminiReplyOf(completion: ChatCompletion, model: string): GeminiReply {
  const choice = completion.choices[0];
  const usage = usageOfChat(completion.usage) ?? { promptTokens: 0, completionTokens: 0 };
  return {
    candidates: [
      {
        content: { role: 'model', parts: partsOf(choice?.message) },
        finishReason: finishToGemini(choice?.finish_reason ?? null),
        index: 0,
      },
    ],
    usageMetadata: usageToGemini(usage),
    modelVersion: model,
    responseId: responseId(),
  };
}

/** Text and thoughts go out as they come; a tool call goes out whole once its arguments end. */
export class GeminiStreamRenderer implements StreamRenderer {
  private readonly id = responseId();
  private readonly calls: { id?: string; name: string; args: string }[] = [];
  private finish: FinishReason | null = null;

  constructor(private readonly ctx: RenderContext) {}

  private frame(parts: GeminiPart[], extra: Record<string, unknown> = {}): string {
    const reply: GeminiReply & Record<string, unknown> = {
      candidates: [{ content: { role: 'model', parts }, index: 0 }],
      modelVersion: this.ctx.model,
      responseId: this.id,
    };
    if (extra.finishReason && reply.candidates?.[0])
      reply.candidates[0].finishReason = extra.finishReason as string;
    if (extra.usageMetadata) reply.usageMetadata = extra.usageMetadata as never;
    return sseFrame(JSON.stringify(reply));
  }

  chunk(payload: string): string {
    return this.parsedChunk(readChunk(payload));
  }

  parsedChunk(chunk: ChunkChoices): string {
    const choice = chunk.choices?.[0];
    if (!choice) return '';
    const parts: GeminiPart[] = [];
    if (choice.delta?.reasoning_content)
      parts.push({ text: choice.delta.reasoning_content, thought: true });
    if (choice.delta?.content) parts.push({ text: choice.delta.content });
    for (const call of choice.delta?.tool_calls ?? []) {
      const slot = this.calls[call.index] ?? { name: '', args: '' };
      this.calls[call.index] = slot;
      if (call.id) slot.id = call.id;
      if (call.function?.name) slot.name += call.function.name;
      if (call.function?.arguments) slot.args += call.function.arguments;
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return parts.length > 0 ? this.frame(parts) : '';
  }

  end(usage: Usage): string {
    const parts: GeminiPart[] = this.calls.map((call) => ({
      functionCall: {
        ...(call.id ? { id: call.id } : {}),
        name: call.name,
        args: argumentsObject(call.args),
      },
    }));
    return this.frame(parts, {
      finishReason: finishToGemini(this.finish),
      usageMetadata: usageToGemini(usage),
    });
  }

  fail(error: ChatError): string {
    return sseFrame(JSON.stringify(geminiErrorBody(502, error)));
  }
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export const geminiErrorBody = (status: number, error: ChatError) => ({
  error: {
    code: status,
    message: error.message,
    status: STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
  },
});
