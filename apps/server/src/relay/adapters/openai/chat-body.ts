// A canonical request translated from another dialect, as an OpenAI chat body: the extension
// fields become OpenAI's (thinking budget → reasoning_effort) or go where OpenAI has no place
// for them (thinking blocks and their signatures belong to the provider that made them;
// OpenAI caches prompts by itself, so cache_control has no meaning there).
import { createHash } from 'node:crypto';
import { effortOf } from '../../canonical/reasoning';
import type { ChatRequest, ContentPart, Message } from '../../canonical/types';

/** OpenAI refuses tool call ids over 40 characters. */
const MAX_CALL_ID = 40;

/**
 * A tool call id OpenAI takes: a longer one (another provider's, or one carrying a Gemini
 * thought signature) becomes a short one derived from it, the same in the call and its result.
 */
const openAiCallId = (id: string): string =>
  id.length <= MAX_CALL_ID
    ? id
    : `call_${createHash('sha256')
        .update(id)
        .digest('base64url')
        .slice(0, MAX_CALL_ID - 5)}`;

const plainParts = (content: string | ContentPart[]) =>
  typeof content === 'string' ? content : content.map(({ cache_control: _, ...part }) => part);

function plainMessage(message: Message): Record<string, unknown> {
  switch (message.role) {
    case 'assistant': {
      const { thinking_blocks: _t, reasoning_content: _r, ...rest } = message;
      if (rest.tool_calls?.some((call) => call.id.length > MAX_CALL_ID)) {
        rest.tool_calls = rest.tool_calls.map((call) => ({ ...call, id: openAiCallId(call.id) }));
      }
      return rest.content && typeof rest.content !== 'string'
        ? { ...rest, content: plainParts(rest.content) }
        : rest;
    }
    case 'tool': {
      const { is_error: failed, ...rest } = message;
      rest.tool_call_id = openAiCallId(rest.tool_call_id);
      const content = plainParts(rest.content);
      // OpenAI has no error flag on tool results: the text says it.
      return failed && typeof content === 'string'
        ? { ...rest, content: `Error: ${content}` }
        : { ...rest, content };
    }
    default:
      return { ...message, content: plainParts(message.content) };
  }
}

export function toOpenAiChat(request: ChatRequest): Record<string, unknown> {
  // top_k and safety settings were ruled on by the parameter policy before (param-policy.ts).
  const { thinking_budget: budget, top_k: _k, safety_settings: _s, ...rest } = request;
  const body: Record<string, unknown> = {
    ...rest,
    messages: request.messages.map(plainMessage),
  };
  if (request.tools) body.tools = request.tools.map(({ cache_control: _, ...tool }) => tool);
  if (budget !== undefined && request.reasoning_effort === undefined) {
    const effort = effortOf(budget);
    if (effort) body.reasoning_effort = effort;
  }
  return body;
}
