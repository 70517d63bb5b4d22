// Canonical completion → OpenAI Responses: the Response object with its output items (reasoning,
// message, function_call), its ids, and the settings it echoes from the request.
import { randomBytes } from 'node:crypto';
import type { AssistantMessage, ChatCompletion, FinishReason } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { usageOfChat } from '../../canonical/usage';
import type { RenderContext } from '../types';
import { sealReasoning, wantsSealedReasoning } from './sealed-reasoning';

type Item = Record<string, unknown>;

/** Random bytes of an id: 96 bits after its time. */
const ID_RANDOM_BYTES = 12;
/** Random bytes drawn for ids at once: a reply takes two or three ids. */
const ID_POOL_BYTES = ID_RANDOM_BYTES * 256;
let idPool = Buffer.alloc(0);
let idOffset = 0;

/**
 * `<prefix>_` and 32 hex digits: the unix time in seconds (8), as OpenAI's ids open, then random.
 * Time first, a kept response's key lands beside the last ones in the primary-key index instead of
 * on a random page of it (on SQLite, with 300,000 kept, 27 instead of 50 µs a row in batches of 4).
 */
export function newId(prefix: string): string {
  if (idOffset + ID_RANDOM_BYTES > idPool.length) {
    idPool = randomBytes(ID_POOL_BYTES);
    idOffset = 0;
  }
  const random = idPool.toString('hex', idOffset, idOffset + ID_RANDOM_BYTES);
  idOffset += ID_RANDOM_BYTES;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${prefix}_${seconds}${random}`;
}

export function responsesUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/** The request's settings as the Response object echoes them. */
export function echo(ctx: RenderContext): Item {
  const raw = ctx.request.raw;
  return {
    instructions: raw.instructions ?? null,
    max_output_tokens: raw.max_output_tokens ?? null,
    metadata: raw.metadata ?? {},
    parallel_tool_calls: raw.parallel_tool_calls ?? true,
    previous_response_id: raw.previous_response_id ?? null,
    reasoning: { effort: (raw.reasoning as Item | undefined)?.effort ?? null, summary: null },
    store: raw.store !== false,
    temperature: raw.temperature ?? 1,
    text: {
      format: ((raw.text as Item | undefined)?.format as Item | undefined) ?? { type: 'text' },
    },
    tool_choice: raw.tool_choice ?? 'auto',
    tools: raw.tools ?? [],
    top_p: raw.top_p ?? 1,
    truncation: raw.truncation ?? 'disabled',
    user: raw.user ?? null,
  };
}

export function statusOf(finish: FinishReason | null) {
  if (finish === 'length')
    return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter')
    return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

export function responseObject(
  ctx: RenderContext,
  id: string,
  createdAt: number,
  output: Item[],
  state: Item,
  usage: Usage | null,
): Item {
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    error: null,
    incomplete_details: null,
    model: ctx.model,
    output,
    ...echo(ctx),
    usage: usage ? responsesUsage(usage) : null,
    ...state,
  };
}

const textOf = (message: AssistantMessage | undefined) =>
  typeof message?.content === 'string'
    ? message.content
    : (message?.content ?? []).map((p) => p.text).join('');

/** The output items of an assistant message; `sealed`: reasoning with its encrypted_content. */
export function outputItems(message: AssistantMessage | undefined, sealed = false): Item[] {
  const items: Item[] = [];
  const reasoning = message?.reasoning_content;
  const blocks = message?.thinking_blocks ?? [];
  if (reasoning || (sealed && blocks.length > 0)) {
    items.push({
      type: 'reasoning',
      id: newId('rs'),
      summary: reasoning ? [{ type: 'summary_text', text: reasoning }] : [],
      ...(sealed ? { encrypted_content: sealReasoning(blocks) } : {}),
    });
  }
  const text = textOf(message);
  if (text) {
    items.push({
      type: 'message',
      id: newId('msg'),
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
  }
  for (const call of message?.tool_calls ?? []) {
    items.push({
      type: 'function_call',
      id: newId('fc'),
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      status: 'completed',
    });
  }
  return items;
}

/** A canonical completion as a Response's JSON text; the reply is reported to ctx.record. */
export function responseJson(completion: ChatCompletion, ctx: RenderContext): string {
  const choice = completion.choices[0];
  const usage = usageOfChat(completion.usage) ?? { promptTokens: 0, completionTokens: 0 };
  const id = newId('resp');
  const response = JSON.stringify(
    responseObject(
      ctx,
      id,
      Math.floor(Date.now() / 1000),
      outputItems(choice?.message, wantsSealedReasoning(ctx.request.raw.include)),
      statusOf(choice?.finish_reason ?? null),
      usage,
    ),
  );
  ctx.record?.({ id, response, ...(choice?.message ? { output: { ...choice.message } } : {}) });
  return response;
}
