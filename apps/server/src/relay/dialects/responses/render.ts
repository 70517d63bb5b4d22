// Canonical completion and chunks → OpenAI Responses: the Response object with its output items
// (reasoning, message, function_call), and the typed stream events from response.created to
// response.completed / response.incomplete / response.failed, numbered by sequence_number.
import { randomBytes } from 'node:crypto';
import type { Usage } from '../../billing';
import { readChunk } from '../../canonical/chunk-reader';
import type {
  AssistantMessage,
  ChatCompletion,
  ChatError,
  ChunkChoices,
  FinishReason,
} from '../../canonical/types';
import { usageOfChat } from '../../canonical/usage';
import type { RenderContext, StreamRenderer } from '../types';

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
function echo(ctx: RenderContext): Item {
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

function statusOf(finish: FinishReason | null) {
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

/** The output items of an assistant message. */
export function outputItems(message: AssistantMessage | undefined): Item[] {
  const items: Item[] = [];
  if (message?.reasoning_content) {
    items.push({
      type: 'reasoning',
      id: newId('rs'),
      summary: [{ type: 'summary_text', text: message.reasoning_content }],
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
      outputItems(choice?.message),
      statusOf(choice?.finish_reason ?? null),
      usage,
    ),
  );
  ctx.record?.({ id, response, ...(choice?.message ? { output: { ...choice.message } } : {}) });
  return response;
}

interface OpenItem {
  kind: 'reasoning' | 'message' | 'function_call';
  index: number;
  item: Item;
  text: string;
  /** `"output_index":…,"item_id":…` of its delta events, as JSON members. */
  at: string;
  toolIndex?: number;
}

/** Canonical chunks → Responses stream events. */
export class ResponsesStreamRenderer implements StreamRenderer {
  private sequence = 0;
  private started = false;
  private readonly id = newId('resp');
  private readonly createdAt = Math.floor(Date.now() / 1000);
  private readonly done: Item[] = [];
  private open: OpenItem | null = null;
  private finish: FinishReason | null = null;
  private signature = '';
  private readonly message: AssistantMessage = { role: 'assistant', content: null };

  constructor(private readonly ctx: RenderContext) {}

  private event(type: string, data: Item): string {
    const payload = { type, sequence_number: this.sequence++, ...data };
    return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
  }

  /**
   * The same event with its other members given as JSON text (the type is a plain name): the
   * per-chunk deltas and the events that carry the whole response, which is serialised once.
   */
  private eventOf(type: string, members: string): string {
    return `event: ${type}\ndata: {"type":"${type}","sequence_number":${this.sequence++},${members}}\n\n`;
  }

  private response(state: Item, usage: Usage | null = null): Item {
    return responseObject(this.ctx, this.id, this.createdAt, [...this.done], state, usage);
  }

  private begin(): string {
    if (this.started) return '';
    this.started = true;
    const response = `"response":${JSON.stringify(this.response({ status: 'in_progress' }))}`;
    return (
      this.eventOf('response.created', response) + this.eventOf('response.in_progress', response)
    );
  }

  private close(): string {
    const open = this.open;
    if (!open) return '';
    this.open = null;
    const at = { output_index: open.index, item_id: open.item.id };
    let out = '';
    if (open.kind === 'message') {
      const part = { type: 'output_text', text: open.text, annotations: [] };
      out += this.event('response.output_text.done', { ...at, content_index: 0, text: open.text });
      out += this.event('response.content_part.done', { ...at, content_index: 0, part });
      open.item = { ...open.item, status: 'completed', content: [part] };
      this.message.content =
        (typeof this.message.content === 'string' ? this.message.content : '') + open.text;
    } else if (open.kind === 'reasoning') {
      const part = { type: 'summary_text', text: open.text };
      out += this.event('response.reasoning_summary_text.done', {
        ...at,
        summary_index: 0,
        text: open.text,
      });
      out += this.event('response.reasoning_summary_part.done', { ...at, summary_index: 0, part });
      open.item = { ...open.item, summary: [part] };
      this.message.reasoning_content = (this.message.reasoning_content ?? '') + open.text;
      if (this.signature) {
        // Kept with the conversation, so a signed-thinking provider accepts the next turn.
        this.message.thinking_blocks ??= [];
        this.message.thinking_blocks.push({
          type: 'thinking',
          thinking: open.text,
          signature: this.signature,
        });
        this.signature = '';
      }
    } else {
      out += this.event('response.function_call_arguments.done', { ...at, arguments: open.text });
      open.item = { ...open.item, arguments: open.text, status: 'completed' };
      this.message.tool_calls ??= [];
      this.message.tool_calls.push({
        id: String(open.item.call_id),
        type: 'function',
        function: { name: String(open.item.name), arguments: open.text },
      });
    }
    this.done.push(open.item);
    return (
      out + this.event('response.output_item.done', { output_index: open.index, item: open.item })
    );
  }

  private start(kind: OpenItem['kind'], item: Item, toolIndex?: number): string {
    let out = this.close();
    const index = this.done.length;
    this.open = {
      kind,
      index,
      item,
      text: '',
      at: `"output_index":${index},"item_id":${JSON.stringify(item.id)}`,
      ...(toolIndex !== undefined ? { toolIndex } : {}),
    };
    out += this.event('response.output_item.added', { output_index: index, item });
    const at = { output_index: index, item_id: item.id };
    if (kind === 'message') {
      out += this.event('response.content_part.added', {
        ...at,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      });
    } else if (kind === 'reasoning') {
      out += this.event('response.reasoning_summary_part.added', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      });
    }
    return out;
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
      if (this.open?.kind !== 'reasoning')
        out += this.start('reasoning', { type: 'reasoning', id: newId('rs'), summary: [] });
      const open = this.open as unknown as OpenItem;
      open.text += delta.reasoning_content;
      out += this.eventOf(
        'response.reasoning_summary_text.delta',
        `${open.at},"summary_index":0,"delta":${JSON.stringify(delta.reasoning_content)}`,
      );
    }
    if (delta.thinking_signature) this.signature += delta.thinking_signature;
    if (delta.content) {
      if (this.open?.kind !== 'message') {
        out += this.start('message', {
          type: 'message',
          id: newId('msg'),
          status: 'in_progress',
          role: 'assistant',
          content: [],
        });
      }
      const open = this.open as unknown as OpenItem;
      open.text += delta.content;
      out += this.eventOf(
        'response.output_text.delta',
        `${open.at},"content_index":0,"delta":${JSON.stringify(delta.content)}`,
      );
    }
    for (const call of delta.tool_calls ?? []) {
      if (this.open?.kind !== 'function_call' || this.open.toolIndex !== call.index) {
        const item = {
          type: 'function_call',
          id: newId('fc'),
          call_id: call.id ?? newId('call'),
          name: call.function?.name ?? '',
          arguments: '',
          status: 'in_progress',
        };
        out += this.start('function_call', item, call.index);
      }
      const open = this.open as unknown as OpenItem;
      const args = call.function?.arguments;
      if (args) {
        open.text += args;
        out += this.eventOf(
          'response.function_call_arguments.delta',
          `${open.at},"delta":${JSON.stringify(args)}`,
        );
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  end(usage: Usage): string {
    const out = this.begin() + this.close();
    const state = statusOf(this.finish);
    const response = this.response(state, usage);
    const json = JSON.stringify(response);
    this.ctx.record?.({ id: this.id, response: json, output: { ...this.message } });
    // The response's JSON is spliced into the event, so it is serialised once.
    const type = state.status === 'completed' ? 'response.completed' : 'response.incomplete';
    return out + this.eventOf(type, `"response":${json}`);
  }

  fail(error: ChatError): string {
    const response = this.response({
      status: 'failed',
      error: { code: 'server_error', message: error.message },
    });
    return this.begin() + this.event('response.failed', { response });
  }
}
