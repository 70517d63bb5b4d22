// Anthropic Messages request → canonical: system blocks, tool_use / tool_result turns (results
// become tool messages), images, thinking blocks kept with their signatures, tools and
// tool_choice, output_format, thinking budget. Server tools and fields with no canonical
// counterpart are refused by name.
import type { FastifyRequest } from 'fastify';
import type {
  AssistantMessage,
  ChatRequest,
  ContentPart,
  FunctionTool,
  Message,
  ReasoningEffort,
  ThinkingBlock,
  ToolChoice,
} from '../../canonical/types';
import { RelayError } from '../../relay-errors';
import type {
  AnthropicBlock,
  AnthropicMessage,
  AnthropicTool,
  AnthropicToolChoice,
} from '../../wire/anthropic/wire';
import type { DialectRequest } from '../types';

/** Names of what the canonical form cannot carry: refused only when the request is translated. */
type Miss = (name: string) => void;
const bad = (details: string) =>
  new RelayError(400, 'relay.badRequest', 'invalid_request', { details });

/** Fields of a Messages request the canonical form carries (or that change nothing). */
const KNOWN = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'metadata',
  'tools',
  'tool_choice',
  'thinking',
  'output_format',
  'output_config',
  // A billing tier request: served by whichever upstream the gateway picks.
  'service_tier',
  // Claude Code's hint to clear old tool results server-side when the context fills: the
  // answer means the same without it (the client resends its whole conversation anyway).
  'context_management',
]);

/** Anthropic's `output_config.effort` → the canonical reasoning effort. */
const EFFORTS: Record<string, ReasoningEffort> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  max: 'high',
};

type Block = AnthropicBlock & Record<string, unknown>;

function imagePart(block: Block, miss: Miss): ContentPart | null {
  const source = block.source as {
    type?: string;
    media_type?: string;
    data?: string;
    url?: string;
  };
  const url =
    source?.type === 'base64'
      ? `data:${source.media_type};base64,${source.data}`
      : String(source?.url ?? '');
  if (source?.type !== 'base64' && source?.type !== 'url') {
    miss(`image source ${String(source?.type)}`);
    return null;
  }
  return {
    type: 'image_url',
    image_url: { url },
    ...(block.cache_control ? { cache_control: block.cache_control as never } : {}),
  };
}

function userParts(blocks: Block[], miss: Miss): ContentPart[] {
  const parts: (ContentPart | null)[] = blocks.map((block) => {
    if (block.type === 'text') {
      return {
        type: 'text',
        text: String(block.text ?? ''),
        ...(block.cache_control ? { cache_control: block.cache_control as never } : {}),
      };
    }
    if (block.type === 'image') return imagePart(block, miss);
    miss(`content block ${block.type}`);
    return null;
  });
  return parts.filter((part): part is ContentPart => part !== null);
}

function toolResultContent(content: unknown, miss: Miss): string | ContentPart[] {
  if (typeof content === 'string' || content === undefined) return content ?? '';
  return userParts(content as Block[], miss);
}

function userMessages(content: string | AnthropicBlock[], miss: Miss): Message[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const out: Message[] = [];
  const rest: Block[] = [];
  for (const block of content as Block[]) {
    if (block.type === 'tool_result') {
      out.push({
        role: 'tool',
        tool_call_id: String(block.tool_use_id),
        content: toolResultContent(block.content, miss),
        ...(block.is_error ? { is_error: true } : {}),
      });
    } else rest.push(block);
  }
  if (rest.length > 0) out.push({ role: 'user', content: userParts(rest, miss) });
  return out;
}

function assistantMessage(content: string | AnthropicBlock[], miss: Miss): AssistantMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  const message: AssistantMessage = { role: 'assistant', content: null };
  let text = '';
  const thinking: ThinkingBlock[] = [];
  let reasoning = '';
  for (const block of content as Block[]) {
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
      message.tool_calls ??= [];
      message.tool_calls.push({
        id: String(block.id),
        type: 'function',
        function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) },
      });
    } else miss(`content block ${block.type}`);
  }
  message.content = text || (message.tool_calls ? null : '');
  if (thinking.length) message.thinking_blocks = thinking;
  if (reasoning) message.reasoning_content = reasoning;
  return message;
}

function toolOf(tool: AnthropicTool, miss: Miss): FunctionTool | null {
  // Server tools (web search, bash, text editor…) are typed; custom tools are not, or 'custom'.
  if (tool.type && tool.type !== 'custom') {
    miss(`tools (${tool.type})`);
    return null;
  }
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.input_schema ?? { type: 'object', properties: {} },
    },
    ...(tool.cache_control ? { cache_control: tool.cache_control } : {}),
  };
}

function toolChoiceOf(choice: AnthropicToolChoice): ToolChoice {
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  if (choice.type === 'any') return 'required';
  return choice.type === 'none' ? 'none' : 'auto';
}

const partsOf = (content: string | ContentPart[]): ContentPart[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : content;

/** Anthropic reads consecutive user turns as one (Claude Code sends its prompt and its context
 * as two); chat upstreams that want alternating roles, and read only the last user turn, get
 * them joined. */
function pushUser(messages: Message[], turn: Message): void {
  const last = messages.at(-1);
  if (turn.role !== 'user' || last?.role !== 'user') {
    messages.push(turn);
    return;
  }
  last.content = [...partsOf(last.content), ...partsOf(turn.content)];
}

/** The canonical chat request of a Messages body. */
export function messagesToCanonical(body: Record<string, unknown>, miss: Miss): ChatRequest {
  for (const field of Object.keys(body)) if (!KNOWN.has(field)) miss(field);
  if (typeof body.model !== 'string' || !body.model) throw bad('model is required');
  if (!Array.isArray(body.messages)) throw bad('messages must be an array');
  const messages: Message[] = [];
  const system = body.system as string | Block[] | undefined;
  if (typeof system === 'string' && system) messages.push({ role: 'system', content: system });
  else if (Array.isArray(system) && system.length > 0) {
    messages.push({ role: 'system', content: userParts(system, miss) as never });
  }
  for (const message of body.messages as AnthropicMessage[]) {
    if (message.role === 'assistant') messages.push(assistantMessage(message.content, miss));
    else for (const turn of userMessages(message.content, miss)) pushUser(messages, turn);
  }
  const request: ChatRequest = { model: body.model, messages };
  if (typeof body.max_tokens === 'number') request.max_tokens = body.max_tokens;
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  if (typeof body.top_k === 'number') request.top_k = body.top_k;
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length)
    request.stop = body.stop_sequences as string[];
  const metadata = body.metadata as { user_id?: string } | undefined;
  if (metadata?.user_id) request.user = metadata.user_id;
  const tools = body.tools as AnthropicTool[] | undefined;
  const functions = (tools ?? [])
    .map((tool) => toolOf(tool, miss))
    .filter((tool): tool is FunctionTool => tool !== null);
  if (functions.length) request.tools = functions;
  const choice = body.tool_choice as AnthropicToolChoice | undefined;
  if (choice) {
    request.tool_choice = toolChoiceOf(choice);
    if (choice.disable_parallel_tool_use) request.parallel_tool_calls = false;
  }
  const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined;
  if (thinking?.type === 'enabled') request.thinking_budget = thinking.budget_tokens ?? 1024;
  else if (thinking?.type === 'disabled') request.thinking_budget = 0;
  // Adaptive: the model decides how much to think — the upstream's own default.
  else if (thinking && thinking.type !== 'adaptive') miss(`thinking (${thinking.type})`);
  const config = body.output_config as { effort?: string; [key: string]: unknown } | undefined;
  for (const key of Object.keys(config ?? {})) {
    if (key !== 'effort') miss(`output_config.${key}`);
  }
  if (config?.effort !== undefined) {
    const effort = EFFORTS[String(config.effort)];
    if (!effort) miss(`output_config.effort (${String(config.effort)})`);
    // An explicit thinking budget says more than an effort level.
    else if (request.thinking_budget === undefined) request.reasoning_effort = effort;
  }
  const format = body.output_format as
    | { type?: string; schema?: Record<string, unknown> }
    | undefined;
  if (format?.type === 'json_schema') {
    request.response_format = {
      type: 'json_schema',
      json_schema: { name: 'output', schema: format.schema ?? {}, strict: true },
    };
  } else if (format) miss(`output_format (${format.type})`);
  return request;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The Anthropic headers an Anthropic upstream gets on (version and betas). */
export function anthropicClientHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const version = header(request, 'anthropic-version');
  const beta = header(request, 'anthropic-beta');
  if (version) out['anthropic-version'] = version;
  if (beta) out['anthropic-beta'] = beta;
  return out;
}

/** The key: `x-api-key`, else `Authorization: Bearer`. */
export const anthropicKey = (request: FastifyRequest): string | undefined =>
  header(request, 'x-api-key') ?? request.headers.authorization;

export function parseMessagesRequest(request: FastifyRequest): DialectRequest {
  const raw = request.body;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad('the body must be a JSON object');
  const body = raw as Record<string, unknown>;
  const uncarried: string[] = [];
  const canonical = messagesToCanonical(body, (name) => uncarried.push(name));
  const maxTokens = canonical.max_tokens;
  if (maxTokens === undefined || !Number.isInteger(maxTokens) || maxTokens < 1) {
    throw bad('max_tokens must be a whole number from 1');
  }
  const stream = body.stream === true;
  return {
    mode: 'chat',
    body: { ...canonical, stream },
    raw: body,
    model: canonical.model,
    stream,
    // Usage goes in this dialect's own closing events, not in a chat usage chunk.
    includeUsage: false,
    maxTokens,
    clientHeaders: anthropicClientHeaders(request),
    translated: true,
    uncarried,
  };
}
