// OpenAI Responses request → canonical: instructions, input items (messages, function calls and
// their outputs, reasoning summaries), function tools, tool_choice, text.format, reasoning
// effort, max_output_tokens. What the canonical form cannot carry is collected by name.
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
import { SEALED_REASONING, unsealReasoning } from './sealed-reasoning';

type Miss = (name: string) => void;
type Item = Record<string, unknown>;

export const bad = (details: string) =>
  new RelayError(400, 'relay.badRequest', 'invalid_request', { details });

/** Request fields the canonical form carries, or that only shape what the gateway does. */
const KNOWN = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_output_tokens',
  'temperature',
  'top_p',
  'text',
  'reasoning',
  'store',
  'previous_response_id',
  'stream',
  'stream_options',
  'metadata',
  'user',
  'safety_identifier',
  // Hints about caching, tiers and truncation that change no answer.
  'prompt_cache_key',
  'service_tier',
  'truncation',
  // Extra output asked for: each value is checked (includeOf).
  'include',
  'background',
  // Codex's description of itself (session, terminal): for logs, no effect on the answer.
  'client_metadata',
]);

function parts(content: unknown, miss: Miss): string | ContentPart[] {
  if (typeof content === 'string') return content;
  const out: ContentPart[] = [];
  for (const part of (content ?? []) as Item[]) {
    const type = part.type;
    if (type === 'input_text' || type === 'output_text' || type === 'text') {
      out.push({ type: 'text', text: String(part.text ?? '') });
    } else if (type === 'refusal') out.push({ type: 'text', text: String(part.refusal ?? '') });
    else if (type === 'input_image' && typeof part.image_url === 'string') {
      const detail = part.detail as 'auto' | 'low' | 'high' | undefined;
      out.push({
        type: 'image_url',
        image_url: { url: part.image_url, ...(detail ? { detail } : {}) },
      });
    } else miss(`input content ${String(type)}${part.file_id ? ' (file_id)' : ''}`);
  }
  return out;
}

const text = (content: string | ContentPart[]): string =>
  typeof content === 'string'
    ? content
    : content.map((p) => (p.type === 'text' ? p.text : '')).join('');

const summaryText = (item: Item) =>
  ((item.summary ?? []) as Item[]).map((part) => String(part.text ?? '')).join('\n');

/** Input items → canonical messages; function calls join the assistant turn they follow. */
export function inputMessages(input: unknown, miss: Miss): Message[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) throw bad('input must be a string or an array');
  const out: Message[] = [];
  let reasoning = '';
  let thinking: ThinkingBlock[] = [];
  const assistant = (): AssistantMessage => {
    const last = out.at(-1);
    if (last?.role === 'assistant') return last;
    const message: AssistantMessage = { role: 'assistant', content: null };
    if (reasoning) message.reasoning_content = reasoning;
    if (thinking.length > 0) message.thinking_blocks = thinking;
    reasoning = '';
    thinking = [];
    out.push(message);
    return message;
  };
  for (const item of input as Item[]) {
    const type = item.type ?? (item.role ? 'message' : undefined);
    if (type === 'message') {
      const content = parts(item.content, miss);
      if (item.role === 'assistant') {
        const message = assistant();
        message.content =
          (typeof message.content === 'string' ? message.content : '') + text(content);
      } else if (item.role === 'system' || item.role === 'developer') {
        out.push({ role: item.role, content: text(content) });
      } else out.push({ role: 'user', content });
    } else if (type === 'function_call') {
      const message = assistant();
      message.tool_calls ??= [];
      message.tool_calls.push({
        id: String(item.call_id),
        type: 'function',
        function: { name: String(item.name), arguments: String(item.arguments ?? '') },
      });
    } else if (type === 'function_call_output') {
      const output = item.output;
      out.push({
        role: 'tool',
        tool_call_id: String(item.call_id),
        content: typeof output === 'string' ? output : parts(output, miss),
      });
    } else if (type === 'reasoning') {
      const summary = summaryText(item);
      // The gateway's own sealed content brings back the signed thinking of an earlier reply.
      const sealed = unsealReasoning(item.encrypted_content) ?? [];
      const last = out.at(-1);
      if (last?.role === 'assistant') {
        // Within an assistant turn (after its text or calls): it belongs to that turn.
        if (summary) last.reasoning_content = (last.reasoning_content ?? '') + summary;
        if (sealed.length > 0) last.thinking_blocks = [...(last.thinking_blocks ?? []), ...sealed];
      } else {
        reasoning += summary;
        thinking.push(...sealed);
      }
    } else miss(`input item ${String(type)}`);
  }
  return out;
}

/** The provider's own web search (Codex lists it on every request): a chat upstream cannot run
 * it, so it is left out of that upstream's list — the model there simply cannot search, and
 * answers from what it knows. Tools over the caller's own data (file_search with its vector
 * stores, code_interpreter with its files, remote MCP servers) would change the answer when
 * missing, so they are still refused by name. */
const HOSTED_TOOLS = new Set(['web_search', 'web_search_preview', 'web_search_preview_2025_03_11']);

function functionOf(tool: Item): FunctionTool {
  return {
    type: 'function',
    function: {
      name: String(tool.name),
      ...(tool.description ? { description: String(tool.description) } : {}),
      ...(tool.parameters ? { parameters: tool.parameters as Record<string, unknown> } : {}),
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
    },
  };
}

function toolsOf(tools: unknown, miss: Miss): FunctionTool[] {
  const out: FunctionTool[] = [];
  const add = (tool: Item) => {
    if (tool.type === 'function') out.push(functionOf(tool));
    else if (!HOSTED_TOOLS.has(String(tool.type))) miss(`tools (${String(tool.type)})`);
  };
  for (const tool of (tools ?? []) as Item[]) {
    // A namespace only groups functions (Codex's sub-agent tools): its functions go in flat.
    if (tool.type === 'namespace') for (const inner of (tool.tools ?? []) as Item[]) add(inner);
    else add(tool);
  }
  return out;
}

function toolChoiceOf(choice: unknown, miss: Miss): ToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  const item = choice as Item;
  if (item?.type === 'function' && item.name)
    return { type: 'function', function: { name: String(item.name) } };
  miss('tool_choice');
  return undefined;
}

/**
 * `include` values a translated reply honours: the reasoning's encrypted_content (sealed by the
 * gateway), input images' URLs (input_items lists them), and the results of tools a chat upstream
 * never runs (web search is left out for it, the others are refused by name), whose items cannot
 * appear. Output logprobs are not carried, and an unknown value is refused, as OpenAI does.
 */
const INCLUDES = new Set([
  SEALED_REASONING,
  'message.input_image.image_url',
  'web_search_call.results',
  'web_search_call.action.sources',
  'file_search_call.results',
  'code_interpreter_call.outputs',
  'computer_call_output.output.image_url',
]);

function checkInclude(include: unknown, miss: Miss): void {
  if (include === undefined || include === null) return;
  if (!Array.isArray(include)) throw bad('include must be an array');
  for (const value of include) if (!INCLUDES.has(value)) miss(`include (${String(value)})`);
}

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/** The body's model, which every Responses request must name. */
export function requiredModel(body: Item): string {
  if (typeof body.model !== 'string' || !body.model) throw bad('model is required');
  return body.model;
}

/** The canonical request of a Responses body; `history` is the conversation it continues. */
export function responsesToCanonical(body: Item, history: Message[], miss: Miss): ChatRequest {
  for (const field of Object.keys(body)) if (!KNOWN.has(field)) miss(field);
  const model = requiredModel(body);
  if (body.background === true) miss('background');
  checkInclude(body.include, miss);
  const messages: Message[] = [];
  if (typeof body.instructions === 'string' && body.instructions) {
    messages.push({ role: 'system', content: body.instructions });
  }
  // Earlier instructions do not carry over (as with the Responses API itself).
  messages.push(...history.filter((message) => message.role !== 'system'));
  messages.push(...inputMessages(body.input ?? [], miss));
  const request: ChatRequest = { model, messages };
  const tools = toolsOf(body.tools, miss);
  if (tools.length) request.tools = tools;
  const choice = toolChoiceOf(body.tool_choice, miss);
  if (choice) request.tool_choice = choice;
  if (typeof body.parallel_tool_calls === 'boolean')
    request.parallel_tool_calls = body.parallel_tool_calls;
  if (typeof body.max_output_tokens === 'number') request.max_tokens = body.max_output_tokens;
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  const user = body.safety_identifier ?? body.user;
  if (typeof user === 'string' && user) request.user = user;
  const format = (body.text as Item | undefined)?.format as Item | undefined;
  if (format?.type === 'json_schema') {
    request.response_format = {
      type: 'json_schema',
      json_schema: {
        name: String(format.name ?? 'response'),
        ...(format.description ? { description: String(format.description) } : {}),
        ...(format.schema ? { schema: format.schema as Record<string, unknown> } : {}),
        ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
      },
    };
  } else if (format?.type === 'json_object') request.response_format = { type: 'json_object' };
  else if (format && format.type !== 'text') miss(`text.format (${String(format.type)})`);
  const verbosity = (body.text as Item | undefined)?.verbosity;
  if (verbosity !== undefined && verbosity !== 'medium') miss('text.verbosity');
  const effort = (body.reasoning as Item | undefined)?.effort;
  if (effort === 'none') request.thinking_budget = 0;
  else if (effort === 'xhigh') request.reasoning_effort = 'high';
  else if (typeof effort === 'string' && EFFORTS.has(effort))
    request.reasoning_effort = effort as ReasoningEffort;
  else if (effort !== undefined && effort !== null) miss(`reasoning.effort (${String(effort)})`);
  return request;
}
