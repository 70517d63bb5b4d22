// Anthropic Messages reply and stream events → canonical completion and chunks: text, thinking
// (with signatures), tool_use as tool calls with streamed argument deltas, cache usage.

import { chunkText, completionOf } from '../../canonical/build';
import { ReplyText } from '../../canonical/reply-text';
import type {
  AssistantMessage,
  ChunkDelta,
  FinishReason,
  ThinkingBlock,
} from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import type { SseEvent } from '../../transport/sse';
import { finishFromAnthropic, usageFromAnthropic } from '../../wire/anthropic/usage';
import type { AnthropicEvent, AnthropicReply } from '../../wire/anthropic/wire';
import type { StreamTranslator } from '../types';
import { JSON_TOOL } from './request';

const CHAT_ID = (id: string) => `chatcmpl-${id}`;

/** A whole Messages reply as a canonical completion. */
export function completionFromAnthropic(reply: AnthropicReply, model: string, jsonTool: boolean) {
  const message: AssistantMessage = { role: 'assistant', content: null };
  let text = '';
  let reasoning = '';
  const thinking: ThinkingBlock[] = [];
  for (const block of reply.content ?? []) {
    if (block.type === 'text') text += String(block.text ?? '');
    else if (block.type === 'thinking') {
      reasoning += String(block.thinking ?? '');
      thinking.push({
        type: 'thinking',
        thinking: String(block.thinking ?? ''),
        signature: String(block.signature ?? ''),
      });
    } else if (block.type === 'redacted_thinking') {
      thinking.push({ type: 'redacted_thinking', data: String(block.data ?? '') });
    } else if (block.type === 'tool_use') {
      const input = JSON.stringify(block.input ?? {});
      if (jsonTool && block.name === JSON_TOOL) text += input;
      else {
        message.tool_calls ??= [];
        message.tool_calls.push({
          id: String(block.id),
          type: 'function',
          function: { name: String(block.name), arguments: input },
        });
      }
    }
  }
  message.content = text || (message.tool_calls ? null : '');
  if (reasoning) message.reasoning_content = reasoning;
  if (thinking.length > 0) message.thinking_blocks = thinking;
  let finish = finishFromAnthropic(reply.stop_reason);
  if (jsonTool && finish === 'tool_calls' && !message.tool_calls) finish = 'stop';
  const usage = usageFromAnthropic(reply.usage);
  return {
    completion: completionOf(CHAT_ID(reply.id), model, message, finish, usage),
    usage,
    text,
  };
}

type BlockKind = 'text' | 'thinking' | 'tool' | 'json' | 'other';

/** Messages stream events → canonical chunks, tool-call argument deltas included. */
export class AnthropicStreamTranslator implements StreamTranslator {
  usage: Usage | undefined;
  readonly text = new ReplyText();
  finished = false;
  private id = CHAT_ID(Date.now().toString(36));
  private readonly blocks = new Map<number, BlockKind>();
  private readonly toolIndex = new Map<number, number>();
  private finish: FinishReason | null = null;

  constructor(
    private readonly model: string,
    private readonly jsonTool: boolean,
  ) {}

  private chunk(delta: ChunkDelta, finish: FinishReason | null = null): string {
    return chunkText(this.id, this.model, delta, finish);
  }

  push(event: SseEvent): string[] {
    let data: AnthropicEvent;
    try {
      data = JSON.parse(event.data) as AnthropicEvent;
    } catch {
      return [];
    }
    switch (data.type) {
      case 'message_start':
        if (data.message?.id) this.id = CHAT_ID(data.message.id);
        this.usage = usageFromAnthropic(data.message?.usage);
        return [this.chunk({ role: 'assistant', content: '' })];
      case 'content_block_start':
        return this.start(data);
      case 'content_block_delta':
        return this.delta(data);
      case 'message_delta': {
        const late = usageFromAnthropic({ ...data.usage });
        this.usage = {
          ...(this.usage ?? { promptTokens: 0, completionTokens: 0 }),
          completionTokens: data.usage?.output_tokens ?? this.usage?.completionTokens ?? 0,
          ...(data.usage?.input_tokens !== undefined && late
            ? { promptTokens: late.promptTokens }
            : {}),
        };
        this.finish = finishFromAnthropic(data.delta?.stop_reason);
        if (this.jsonTool && this.finish === 'tool_calls' && this.toolIndex.size === 0) {
          this.finish = 'stop';
        }
        return [this.chunk({}, this.finish ?? 'stop')];
      }
      case 'message_stop':
        this.finished = true;
        return [];
      default:
        return [];
    }
  }

  private start(data: AnthropicEvent): string[] {
    const block = data.content_block;
    const index = data.index ?? 0;
    if (block?.type === 'text') {
      this.blocks.set(index, 'text');
      const text = String(block.text ?? '');
      this.text.add(text);
      return text ? [this.chunk({ content: text })] : [];
    }
    if (block?.type === 'thinking') {
      this.blocks.set(index, 'thinking');
      return [];
    }
    if (block?.type === 'redacted_thinking') {
      this.blocks.set(index, 'other');
      return [this.chunk({ redacted_thinking: String(block.data ?? '') })];
    }
    if (block?.type === 'tool_use') {
      if (this.jsonTool && block.name === JSON_TOOL) {
        this.blocks.set(index, 'json');
        return [];
      }
      this.blocks.set(index, 'tool');
      const toolIndex = this.toolIndex.size;
      this.toolIndex.set(index, toolIndex);
      this.text.add(String(block.name));
      return [
        this.chunk({
          tool_calls: [
            {
              index: toolIndex,
              id: String(block.id),
              type: 'function',
              function: { name: String(block.name), arguments: '' },
            },
          ],
        }),
      ];
    }
    this.blocks.set(index, 'other');
    return [];
  }

  private delta(data: AnthropicEvent): string[] {
    const kind = this.blocks.get(data.index ?? 0);
    const delta = data.delta;
    if (delta?.type === 'text_delta' && delta.text) {
      this.text.add(delta.text);
      return [this.chunk({ content: delta.text })];
    }
    if (delta?.type === 'thinking_delta' && delta.thinking) {
      this.text.add(delta.thinking);
      return [this.chunk({ reasoning_content: delta.thinking })];
    }
    if (delta?.type === 'signature_delta' && delta.signature) {
      return [this.chunk({ thinking_signature: delta.signature })];
    }
    if (delta?.type === 'input_json_delta' && delta.partial_json) {
      this.text.add(delta.partial_json);
      if (kind === 'json') return [this.chunk({ content: delta.partial_json })];
      const index = this.toolIndex.get(data.index ?? 0) ?? 0;
      return [this.chunk({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] })];
    }
    return [];
  }
}
