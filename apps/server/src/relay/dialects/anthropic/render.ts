// Canonical completion and chunks → Anthropic Messages reply and SSE events (message_start,
// content_block_start / _delta / _stop, message_delta, message_stop, ping, error).

import { argumentsObject } from '../../canonical/build';
import { readChunk } from '../../canonical/chunk-reader';
import type { ChatCompletion, ChatError, ChunkChoices, FinishReason } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { usageOfChat } from '../../canonical/usage';
import { stopToAnthropic, usageToAnthropic } from '../../wire/anthropic/usage';
import type { AnthropicBlock, AnthropicReply } from '../../wire/anthropic/wire';
import type { RenderContext, StreamRenderer } from '../types';

export const messageId = (): string =>
  `msg_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** A canonical completion as a Messages reply. */
export function messagesReply(completion: ChatCompletion, model: string): AnthropicReply {
  const choice = completion.choices[0];
  const message = choice?.message;
  const content: AnthropicBlock[] = [];
  for (const block of message?.thinking_blocks ?? []) {
    content.push(
      block.type === 'redacted_thinking'
        ? { type: 'redacted_thinking', data: block.data ?? '' }
        : { type: 'thinking', thinking: block.thinking ?? '', signature: block.signature ?? '' },
    );
  }
  if (!message?.thinking_blocks?.length && message?.reasoning_content) {
    content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  }
  const text =
    typeof message?.content === 'string'
      ? message.content
      : (message?.content ?? []).map((p) => p.text).join('');
  if (text) content.push({ type: 'text', text });
  for (const call of message?.tool_calls ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: argumentsObject(call.function.arguments),
    });
  }
  const usage = usageOfChat(completion.usage) ?? { promptTokens: 0, completionTokens: 0 };
  return {
    id: completion.id.startsWith('chatcmpl-msg_') ? completion.id.slice(9) : messageId(),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopToAnthropic(choice?.finish_reason ?? null),
    stop_sequence: null,
    usage: usageToAnthropic(usage),
  };
}

export const anthropicEvent = (type: string, data: Record<string, unknown>): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

type Open = { kind: 'text' | 'thinking' | 'tool'; index: number; tool?: number } | null;

/** Canonical chunks → Messages stream events, blocks opened and closed as content changes. */
export class MessagesStreamRenderer implements StreamRenderer {
  private started = false;
  private blockIndex = -1;
  private open: Open = null;
  private finish: FinishReason | null = null;
  private readonly id = messageId();

  constructor(private readonly ctx: RenderContext) {}

  private begin(): string {
    if (this.started) return '';
    this.started = true;
    const message = {
      id: this.id,
      type: 'message',
      role: 'assistant',
      model: this.ctx.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
    return anthropicEvent('message_start', { message }) + anthropicEvent('ping', {});
  }

  private close(): string {
    if (!this.open) return '';
    const index = this.open.index;
    this.open = null;
    return anthropicEvent('content_block_stop', { index });
  }

  private openBlock(
    kind: 'text' | 'thinking' | 'tool',
    block: Record<string, unknown>,
    tool?: number,
  ): string {
    const out = this.close();
    this.blockIndex += 1;
    this.open = { kind, index: this.blockIndex, ...(tool !== undefined ? { tool } : {}) };
    return (
      out + anthropicEvent('content_block_start', { index: this.blockIndex, content_block: block })
    );
  }

  /**
   * The content_block_delta event of one chunk, `{type, [field]: value}` as its delta: the same
   * text as anthropicEvent would make, written out (there is one per chunk).
   */
  private delta(type: string, field: string, value: unknown): string {
    const index = this.open?.index ?? 0;
    return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":{"type":"${type}","${field}":${JSON.stringify(value)}}}\n\n`;
  }

  chunk(payload: string): string {
    return this.parsedChunk(readChunk(payload));
  }

  parsedChunk(chunk: ChunkChoices): string {
    let out = this.begin();
    const choice = chunk.choices?.[0];
    if (!choice) return out;
    const delta = choice.delta ?? {};
    if (delta.reasoning_content) {
      if (this.open?.kind !== 'thinking')
        out += this.openBlock('thinking', { type: 'thinking', thinking: '' });
      out += this.delta('thinking_delta', 'thinking', delta.reasoning_content);
    }
    if (delta.thinking_signature) {
      if (this.open?.kind !== 'thinking')
        out += this.openBlock('thinking', { type: 'thinking', thinking: '' });
      out += this.delta('signature_delta', 'signature', delta.thinking_signature);
    }
    if (delta.redacted_thinking) {
      out += this.openBlock('thinking', {
        type: 'redacted_thinking',
        data: delta.redacted_thinking,
      });
      out += this.close();
    }
    if (delta.content) {
      if (this.open?.kind !== 'text') out += this.openBlock('text', { type: 'text', text: '' });
      out += this.delta('text_delta', 'text', delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      if (this.open?.kind !== 'tool' || this.open.tool !== call.index) {
        out += this.openBlock(
          'tool',
          {
            type: 'tool_use',
            id: call.id ?? `toolu_${call.index}`,
            name: call.function?.name ?? '',
            input: {},
          },
          call.index,
        );
      }
      if (call.function?.arguments) {
        out += this.delta('input_json_delta', 'partial_json', call.function.arguments);
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  end(usage: Usage): string {
    const { output_tokens, ...input } = usageToAnthropic(usage);
    return (
      this.begin() +
      this.close() +
      anthropicEvent('message_delta', {
        delta: { stop_reason: stopToAnthropic(this.finish), stop_sequence: null },
        usage: { ...input, output_tokens },
      }) +
      anthropicEvent('message_stop', {})
    );
  }

  fail(error: ChatError): string {
    return this.begin() + anthropicErrorEvent(502, error);
  }
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

export const anthropicErrorType = (status: number): string =>
  ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');

export const anthropicErrorBody = (status: number, error: ChatError) => ({
  type: 'error',
  error: { type: anthropicErrorType(status), message: error.message },
});

export const anthropicErrorEvent = (status: number, error: ChatError): string =>
  anthropicEvent('error', { error: anthropicErrorBody(status, error).error });
