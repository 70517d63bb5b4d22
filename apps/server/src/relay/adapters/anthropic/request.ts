// Canonical (OpenAI chat) request → Anthropic Messages request: system apart, tool results as
// user tool_result blocks, tools and tool_choice, structured output as a forced tool, reasoning
// effort as a thinking budget. What Anthropic cannot take is refused by name.

import { argumentsObject, parseDataUrl, stopSequences } from '../../canonical/build';
import { thinkingBudgetOf } from '../../canonical/reasoning';
import { anthropicThinking } from '../../canonical/signed-thinking';
import type {
  AssistantMessage,
  ChatRequest,
  ContentPart,
  Message,
  TextPart,
  ToolChoice,
} from '../../canonical/types';
import { unsupportedParameter } from '../../canonical/unsupported';
import type {
  AnthropicBlock,
  AnthropicMessage,
  AnthropicTool,
  AnthropicToolChoice,
} from '../../wire/anthropic/wire';

const TARGET = 'Anthropic';
const DEFAULT_MAX_TOKENS = 4096;
/** The forced tool that carries a structured-output request (its input is the answer). */
export const JSON_TOOL = 'json_output';

function partBlock(part: ContentPart): AnthropicBlock {
  const cache = part.cache_control ? { cache_control: part.cache_control } : {};
  if (part.type === 'text') return { type: 'text', text: part.text, ...cache };
  const inline = parseDataUrl(part.image_url.url);
  return {
    type: 'image',
    source: inline
      ? { type: 'base64', media_type: inline.mediaType, data: inline.data }
      : { type: 'url', url: part.image_url.url },
    ...cache,
  };
}

const blocksOf = (content: string | ContentPart[] | null): AnthropicBlock[] =>
  typeof content === 'string'
    ? content
      ? [{ type: 'text', text: content }]
      : []
    : (content ?? []).map(partBlock);

function assistantBlocks(message: AssistantMessage): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  for (const block of anthropicThinking(message.thinking_blocks)) {
    blocks.push(
      block.type === 'redacted_thinking'
        ? { type: 'redacted_thinking', data: block.data ?? '' }
        : { type: 'thinking', thinking: block.thinking ?? '', signature: block.signature ?? '' },
    );
  }
  blocks.push(...blocksOf(message.content));
  for (const call of message.tool_calls ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: argumentsObject(call.function.arguments),
    });
  }
  return blocks;
}

/** The conversation without system messages; tool results join the user turn after them. */
function conversation(messages: Message[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  // Plain text stays a string unless another message of the same role joins it.
  const push = (role: 'user' | 'assistant', blocks: AnthropicBlock[], plain?: string) => {
    const last = out.at(-1);
    if (last && last.role === role) {
      if (typeof last.content === 'string') {
        last.content = last.content ? [{ type: 'text', text: last.content }] : [];
      }
      last.content.push(...blocks);
    } else out.push({ role, content: plain ?? blocks });
  };
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    const plain = typeof message.content === 'string' ? message.content : undefined;
    if (message.role === 'assistant') {
      const blocks = assistantBlocks(message);
      const simple =
        !message.tool_calls?.length && !anthropicThinking(message.thinking_blocks).length;
      push('assistant', blocks, simple ? (plain ?? undefined) : undefined);
    } else if (message.role === 'tool') {
      push('user', [
        {
          type: 'tool_result',
          tool_use_id: message.tool_call_id,
          content:
            typeof message.content === 'string' ? message.content : blocksOf(message.content),
          ...(message.is_error ? { is_error: true } : {}),
        },
      ]);
    } else push('user', blocksOf(message.content), plain);
  }
  return out;
}

function systemOf(messages: Message[]): string | AnthropicBlock[] | undefined {
  const parts: TextPart[] = [];
  for (const m of messages) {
    if (m.role !== 'system' && m.role !== 'developer') continue;
    if (typeof m.content === 'string') parts.push({ type: 'text', text: m.content });
    else parts.push(...m.content);
  }
  if (parts.length === 0) return undefined;
  // Plain text unless a part asks for caching, which only blocks can carry.
  if (parts.every((part) => !part.cache_control)) return parts.map((p) => p.text).join('\n');
  return parts.map((part) => ({ ...part }));
}

function toolChoiceOf(choice: ToolChoice | undefined, parallel: boolean | undefined) {
  let out: AnthropicToolChoice | undefined;
  if (choice === 'auto') out = { type: 'auto' };
  else if (choice === 'required') out = { type: 'any' };
  else if (choice === 'none') out = { type: 'none' };
  else if (choice) out = { type: 'tool', name: choice.function.name };
  if (parallel === false) {
    out = { ...(out ?? { type: 'auto' }), disable_parallel_tool_use: true } as AnthropicToolChoice;
  }
  return out;
}

/** What the parameter policy (canonical/param-policy.ts) does not rule on and Messages lacks. */
function refuseUncarried(request: ChatRequest): void {
  for (const name of ['audio', 'prediction'] as const) {
    if (request[name] !== undefined && request[name] !== null && request[name] !== false) {
      throw unsupportedParameter(name, TARGET);
    }
  }
  const modalities = request.modalities;
  if (Array.isArray(modalities) && modalities.some((m) => m !== 'text')) {
    throw unsupportedParameter('modalities', TARGET);
  }
}

/** The Messages API body for a canonical request. */
export function toAnthropicRequest(request: ChatRequest, model: string, stream: boolean) {
  refuseUncarried(request);
  const body: Record<string, unknown> = {
    model,
    messages: conversation(request.messages),
    max_tokens: request.max_completion_tokens ?? request.max_tokens,
    stream,
  };
  const system = systemOf(request.messages);
  if (system !== undefined) body.system = system;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.top_p !== undefined) body.top_p = request.top_p;
  if (request.top_k !== undefined) body.top_k = request.top_k;
  const stop = stopSequences(request.stop);
  if (stop) body.stop_sequences = stop;
  if (request.user) body.metadata = { user_id: request.user };
  const tools: AnthropicTool[] = (request.tools ?? []).map((tool) => ({
    name: tool.function.name,
    ...(tool.function.description ? { description: tool.function.description } : {}),
    input_schema: tool.function.parameters ?? { type: 'object', properties: {} },
    ...(tool.cache_control ? { cache_control: tool.cache_control } : {}),
  }));
  let toolChoice = toolChoiceOf(request.tool_choice, request.parallel_tool_calls);
  const format = request.response_format;
  if (format && format.type !== 'text') {
    // Anthropic has no JSON mode: a forced tool whose input schema is the wanted output.
    if (tools.length > 0) throw unsupportedParameter('response_format', `${TARGET} with tools`);
    const schema =
      format.type === 'json_schema'
        ? (format.json_schema.schema ?? { type: 'object' })
        : { type: 'object' };
    tools.push({ name: JSON_TOOL, description: 'Reply with this JSON.', input_schema: schema });
    toolChoice = { type: 'tool', name: JSON_TOOL };
  }
  if (tools.length > 0) body.tools = tools;
  if (toolChoice) body.tool_choice = toolChoice;
  const budget = thinkingBudgetOf(request);
  if (budget !== undefined && budget > 0) {
    // Anthropic's floor is 1024 tokens, and max_tokens must leave room past the budget.
    const budgetTokens = Math.max(1024, budget);
    body.thinking = { type: 'enabled', budget_tokens: budgetTokens };
    if (body.max_tokens === undefined) body.max_tokens = budgetTokens + DEFAULT_MAX_TOKENS;
    else if (Number(body.max_tokens) <= budgetTokens) {
      throw unsupportedParameter('max_tokens (must exceed the thinking budget)', TARGET);
    }
  } else if (budget === 0) {
    body.thinking = { type: 'disabled' };
  }
  if (body.max_tokens === undefined) body.max_tokens = DEFAULT_MAX_TOKENS;
  return body;
}

/** Whether a reply to this request carries the forced structured-output tool. */
export const wantsJsonTool = (request: ChatRequest): boolean =>
  Boolean(request.response_format && request.response_format.type !== 'text');
