// Canonical chat ↔ Ollama's native /api/chat: images as base64 lists, tool calls with object
// arguments, tool results as `tool` messages, structured output as `format`, thinking as `think`.

import {
  argumentsObject,
  chunkText,
  completionOf,
  contentString,
  newToolCallId,
  parseDataUrl,
  stopSequences,
} from '../../canonical/build';
import { thinkingBudgetOf } from '../../canonical/reasoning';
import { ReplyText } from '../../canonical/reply-text';
import type {
  AssistantMessage,
  ChatRequest,
  ChunkDelta,
  Message,
  ToolCall,
} from '../../canonical/types';
import { unsupportedParameter } from '../../canonical/unsupported';
import type { Usage } from '../../canonical/usage';
import type { SseEvent } from '../../transport/sse';
import type { StreamTranslator } from '../types';

const TARGET = 'Ollama';

export interface OllamaReply {
  message?: {
    content?: string;
    thinking?: string;
    tool_calls?: { function?: { name?: string; arguments?: Record<string, unknown> } }[];
  };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  embeddings?: number[][];
}

export const usageOfOllama = (reply: OllamaReply): Usage | undefined =>
  reply.done || reply.embeddings
    ? { promptTokens: reply.prompt_eval_count ?? 0, completionTokens: reply.eval_count ?? 0 }
    : undefined;

function toOllamaMessage(message: Message, names: Map<string, string>) {
  if (message.role === 'tool') {
    return {
      role: 'tool',
      content: contentString(message.content),
      tool_name: names.get(message.tool_call_id) ?? message.tool_call_id,
    };
  }
  const images: string[] = [];
  if (Array.isArray(message.content)) {
    for (const part of message.content) {
      if (part.type !== 'image_url') continue;
      const inline = parseDataUrl(part.image_url.url);
      // The native API takes only inline images.
      if (!inline) throw unsupportedParameter('image_url (an http URL)', TARGET);
      images.push(inline.data);
    }
  }
  const out: Record<string, unknown> = {
    role: message.role === 'developer' ? 'system' : message.role,
    content: contentString(message.content),
  };
  if (images.length > 0) out.images = images;
  if (message.role === 'assistant' && message.tool_calls?.length) {
    out.tool_calls = message.tool_calls.map((call) => {
      names.set(call.id, call.function.name);
      return {
        function: { name: call.function.name, arguments: argumentsObject(call.function.arguments) },
      };
    });
  }
  return out;
}

/** The /api/chat body for a canonical request. */
export function toOllamaRequest(request: ChatRequest, model: string, stream: boolean) {
  if (request.tool_choice && request.tool_choice !== 'auto') {
    throw unsupportedParameter('tool_choice', TARGET);
  }
  if ((request.n ?? 1) !== 1) throw unsupportedParameter('n', TARGET);
  const options: Record<string, unknown> = {};
  if (request.temperature !== undefined) options.temperature = request.temperature;
  if (request.top_p !== undefined) options.top_p = request.top_p;
  if (request.top_k !== undefined) options.top_k = request.top_k;
  if (request.seed !== undefined) options.seed = request.seed;
  if (request.presence_penalty) options.presence_penalty = request.presence_penalty;
  if (request.frequency_penalty) options.frequency_penalty = request.frequency_penalty;
  const max = request.max_completion_tokens ?? request.max_tokens;
  if (max !== undefined) options.num_predict = max;
  const stop = stopSequences(request.stop);
  if (stop) options.stop = stop;
  const names = new Map<string, string>();
  const body: Record<string, unknown> = {
    model,
    messages: request.messages.map((message) => toOllamaMessage(message, names)),
    stream,
    options,
  };
  if (request.tools?.length) {
    body.tools = request.tools.map((tool) => ({ type: 'function', function: tool.function }));
  }
  const format = request.response_format;
  if (format?.type === 'json_object') body.format = 'json';
  if (format?.type === 'json_schema') body.format = format.json_schema.schema ?? 'json';
  const budget = thinkingBudgetOf(request);
  if (budget !== undefined) body.think = budget > 0;
  return body;
}

const callsOf = (reply: OllamaReply): ToolCall[] =>
  (reply.message?.tool_calls ?? []).map((call) => ({
    id: newToolCallId(),
    type: 'function',
    function: {
      name: call.function?.name ?? '',
      arguments: JSON.stringify(call.function?.arguments ?? {}),
    },
  }));

function finishOf(reply: OllamaReply, calls: boolean) {
  if (!reply.done) return null;
  if (reply.done_reason === 'length') return 'length' as const;
  return calls ? ('tool_calls' as const) : ('stop' as const);
}

export function completionFromOllama(reply: OllamaReply, model: string) {
  const calls = callsOf(reply);
  const text = reply.message?.content ?? '';
  const message: AssistantMessage = {
    role: 'assistant',
    content: text || (calls.length ? null : ''),
  };
  if (calls.length) message.tool_calls = calls;
  if (reply.message?.thinking) message.reasoning_content = reply.message.thinking;
  const usage = usageOfOllama(reply);
  const id = `chatcmpl-${Date.now().toString(36)}`;
  return {
    completion: completionOf(
      id,
      model,
      message,
      finishOf({ ...reply, done: true }, calls.length > 0),
      usage,
    ),
    usage,
    text: text + calls.map((c) => c.function.arguments).join(''),
  };
}

export class OllamaStreamTranslator implements StreamTranslator {
  usage: Usage | undefined;
  readonly text = new ReplyText();
  finished = false;
  private readonly id = `chatcmpl-${Date.now().toString(36)}`;
  private started = false;
  private calls = 0;

  constructor(private readonly model: string) {}

  push(event: SseEvent): string[] {
    let reply: OllamaReply;
    try {
      reply = JSON.parse(event.data) as OllamaReply;
    } catch {
      return [];
    }
    this.usage = usageOfOllama(reply) ?? this.usage;
    const delta: ChunkDelta = {};
    if (!this.started) delta.role = 'assistant';
    this.started = true;
    const text = reply.message?.content ?? '';
    if (text) delta.content = text;
    if (reply.message?.thinking) delta.reasoning_content = reply.message.thinking;
    const calls = callsOf(reply);
    if (calls.length) delta.tool_calls = calls.map((call) => ({ index: this.calls++, ...call }));
    this.text.add(text + calls.map((c) => c.function.arguments).join(''));
    const finish = finishOf(reply, this.calls > 0);
    if (finish) this.finished = true;
    if (Object.keys(delta).length === 0 && !finish) return [];
    return [chunkText(this.id, this.model, delta, finish)];
  }
}
