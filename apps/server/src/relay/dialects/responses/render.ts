// Canonical chunks → OpenAI Responses stream events, from response.created to response.completed /
// response.incomplete / response.failed, numbered by sequence_number. Each event's text is put
// together from JSON made once: the echoed settings are serialised once a reply, the response
// object's text is spliced into created, in_progress and the closing event, an item's JSON is made
// once when it is done (its output_item.done and the closing response share it), and only a delta
// is escaped per chunk.

import { readChunk } from '../../canonical/chunk-reader';
import type {
  AssistantMessage,
  ChatError,
  ChunkChoices,
  FinishReason,
  ThinkingBlock,
} from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import type { RenderContext, StreamRenderer } from '../types';
import { echo, newId, responsesUsage, statusOf } from './response-object';
import { sealReasoning, wantsSealedReasoning } from './sealed-reasoning';

/** An event's text up to its sequence number: `event: <type>`, then its data's type member. */
const head = (type: string) => `event: ${type}\ndata: {"type":"${type}","sequence_number":`;
const CREATED = head('response.created');
const IN_PROGRESS = head('response.in_progress');
const COMPLETED = head('response.completed');
const INCOMPLETE = head('response.incomplete');
const FAILED = head('response.failed');
const ITEM_ADDED = head('response.output_item.added');
const ITEM_DONE = head('response.output_item.done');
const PART_ADDED = head('response.content_part.added');
const PART_DONE = head('response.content_part.done');
const TEXT_DELTA = head('response.output_text.delta');
const TEXT_DONE = head('response.output_text.done');
const SUMMARY_PART_ADDED = head('response.reasoning_summary_part.added');
const SUMMARY_PART_DONE = head('response.reasoning_summary_part.done');
const SUMMARY_DELTA = head('response.reasoning_summary_text.delta');
const SUMMARY_DONE = head('response.reasoning_summary_text.done');
const ARGUMENTS_DELTA = head('response.function_call_arguments.delta');
const ARGUMENTS_DONE = head('response.function_call_arguments.done');

/** The status members of a response in progress. */
const IN_PROGRESS_STATE = '"status":"in_progress","error":null,"incomplete_details":null';

interface OpenItem {
  kind: 'reasoning' | 'message' | 'function_call';
  index: number;
  /** The item's id: a newId, so plain in JSON. */
  id: string;
  text: string;
  /** `"output_index":…,"item_id":…` of its events, as JSON members. */
  at: string;
  /** The members of its delta events before the delta's JSON. */
  deltaMembers: string;
  toolIndex?: number;
  callId?: string;
  name?: string;
}

/** Canonical chunks → Responses stream events. */
export class ResponsesStreamRenderer implements StreamRenderer {
  private sequence = 0;
  private started = false;
  private readonly id = newId('resp');
  private readonly createdAt = Math.floor(Date.now() / 1000);
  /** The JSON of each output item done. */
  private readonly done: string[] = [];
  private open: OpenItem | null = null;
  private finish: FinishReason | null = null;
  private signature = '';
  /** The echoed settings as JSON members, made at the first response object. */
  private settings = '';
  private readonly message: AssistantMessage = { role: 'assistant', content: null };
  /** The reasoning items carry encrypted_content (include asked for it). */
  private readonly sealed: boolean;

  constructor(private readonly ctx: RenderContext) {
    this.sealed = wantsSealedReasoning(ctx.request.raw.include);
  }

  /** An event from its head and its other members' JSON text. */
  private event(eventHead: string, members: string): string {
    return `${eventHead}${this.sequence++},${members}}\n\n`;
  }

  /** The response object's JSON, with its status members and usage as JSON text. */
  private response(state: string, usage: string): string {
    if (this.settings === '') this.settings = JSON.stringify(echo(this.ctx)).slice(1, -1);
    return `{"id":"${this.id}","object":"response","created_at":${this.createdAt},${state},"model":${JSON.stringify(this.ctx.model)},"output":[${this.done.join(',')}],${this.settings},"usage":${usage}}`;
  }

  private begin(): string {
    if (this.started) return '';
    this.started = true;
    const response = `"response":${this.response(IN_PROGRESS_STATE, 'null')}`;
    return this.event(CREATED, response) + this.event(IN_PROGRESS, response);
  }

  private close(): string {
    const open = this.open;
    if (!open) return '';
    this.open = null;
    const { at, id } = open;
    const text = JSON.stringify(open.text);
    let out = '';
    let item: string;
    if (open.kind === 'message') {
      const part = `{"type":"output_text","text":${text},"annotations":[]}`;
      out += this.event(TEXT_DONE, `${at},"content_index":0,"text":${text}`);
      out += this.event(PART_DONE, `${at},"content_index":0,"part":${part}`);
      item = `{"type":"message","id":"${id}","status":"completed","role":"assistant","content":[${part}]}`;
      this.message.content =
        (typeof this.message.content === 'string' ? this.message.content : '') + open.text;
    } else if (open.kind === 'reasoning') {
      const part = `{"type":"summary_text","text":${text}}`;
      out += this.event(SUMMARY_DONE, `${at},"summary_index":0,"text":${text}`);
      out += this.event(SUMMARY_PART_DONE, `${at},"summary_index":0,"part":${part}`);
      this.message.reasoning_content = (this.message.reasoning_content ?? '') + open.text;
      // Signed, it is kept with the conversation (and sealed for a client that keeps it), so a
      // signed-thinking provider accepts the next turn.
      const signed: ThinkingBlock[] = this.signature
        ? [{ type: 'thinking', thinking: open.text, signature: this.signature }]
        : [];
      this.signature = '';
      if (signed.length > 0)
        this.message.thinking_blocks = [...(this.message.thinking_blocks ?? []), ...signed];
      const sealed = this.sealed
        ? `,"encrypted_content":${JSON.stringify(sealReasoning(signed))}`
        : '';
      item = `{"type":"reasoning","id":"${id}","summary":[${part}]${sealed}}`;
    } else {
      const callId = open.callId ?? '';
      const name = open.name ?? '';
      out += this.event(ARGUMENTS_DONE, `${at},"arguments":${text}`);
      item = `{"type":"function_call","id":"${id}","call_id":${JSON.stringify(callId)},"name":${JSON.stringify(name)},"arguments":${text},"status":"completed"}`;
      this.message.tool_calls ??= [];
      this.message.tool_calls.push({
        id: callId,
        type: 'function',
        function: { name, arguments: open.text },
      });
    }
    this.done.push(item);
    return out + this.event(ITEM_DONE, `"output_index":${open.index},"item":${item}`);
  }

  /** Opens an output item: its output_item.added (with `added`, its JSON) and first part. */
  private start(open: Omit<OpenItem, 'index' | 'text' | 'at' | 'deltaMembers'>, added: string) {
    let out = this.close();
    const index = this.done.length;
    const at = `"output_index":${index},"item_id":"${open.id}"`;
    const item: OpenItem = { ...open, index, text: '', at, deltaMembers: `${at},` };
    out += this.event(ITEM_ADDED, `"output_index":${index},"item":${added}`);
    if (open.kind === 'message') {
      out += this.event(
        PART_ADDED,
        `${at},"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`,
      );
      item.deltaMembers = `${at},"content_index":0,"delta":`;
    } else if (open.kind === 'reasoning') {
      out += this.event(
        SUMMARY_PART_ADDED,
        `${at},"summary_index":0,"part":{"type":"summary_text","text":""}`,
      );
      item.deltaMembers = `${at},"summary_index":0,"delta":`;
    } else item.deltaMembers = `${at},"delta":`;
    this.open = item;
    return out;
  }

  /** A delta event of the open item (the delta is appended to its text). */
  private delta(eventHead: string, open: OpenItem, delta: string): string {
    open.text += delta;
    return `${eventHead}${this.sequence++},${open.deltaMembers}${JSON.stringify(delta)}}\n\n`;
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
      if (this.open?.kind !== 'reasoning') {
        const id = newId('rs');
        out += this.start(
          { kind: 'reasoning', id },
          `{"type":"reasoning","id":"${id}","summary":[]}`,
        );
      }
      out += this.delta(SUMMARY_DELTA, this.open as OpenItem, delta.reasoning_content);
    }
    if (delta.thinking_signature) this.signature += delta.thinking_signature;
    if (delta.content) {
      if (this.open?.kind !== 'message') {
        const id = newId('msg');
        out += this.start(
          { kind: 'message', id },
          `{"type":"message","id":"${id}","status":"in_progress","role":"assistant","content":[]}`,
        );
      }
      out += this.delta(TEXT_DELTA, this.open as OpenItem, delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      if (this.open?.kind !== 'function_call' || this.open.toolIndex !== call.index) {
        const id = newId('fc');
        const callId = call.id ?? newId('call');
        const name = call.function?.name ?? '';
        out += this.start(
          { kind: 'function_call', id, toolIndex: call.index, callId, name },
          `{"type":"function_call","id":"${id}","call_id":${JSON.stringify(callId)},"name":${JSON.stringify(name)},"arguments":"","status":"in_progress"}`,
        );
      }
      const args = call.function?.arguments;
      if (args) out += this.delta(ARGUMENTS_DELTA, this.open as OpenItem, args);
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  /** A reasoning item with no summary that carries only sealed blocks (added and done). */
  private sealedItem(blocks: ThinkingBlock[]): string {
    const id = newId('rs');
    const index = this.done.length;
    const sealed = JSON.stringify(sealReasoning(blocks));
    const item = `{"type":"reasoning","id":"${id}","summary":[],"encrypted_content":${sealed}}`;
    this.done.push(item);
    return (
      this.event(
        ITEM_ADDED,
        `"output_index":${index},"item":{"type":"reasoning","id":"${id}","summary":[]}`,
      ) + this.event(ITEM_DONE, `"output_index":${index},"item":${item}`)
    );
  }

  end(usage: Usage): string {
    let out = this.begin() + this.close();
    if (this.signature) {
      // Signed after its reasoning closed (Gemini signs a text part): kept with the conversation,
      // and sealed in an item of its own for a client that keeps it.
      const late: ThinkingBlock = { type: 'thinking', thinking: '', signature: this.signature };
      this.message.thinking_blocks = [...(this.message.thinking_blocks ?? []), late];
      if (this.sealed) out += this.sealedItem([late]);
    }
    const state = statusOf(this.finish);
    const json = this.response(
      `"status":"${state.status}","error":null,"incomplete_details":${JSON.stringify(state.incomplete_details)}`,
      JSON.stringify(responsesUsage(usage)),
    );
    this.ctx.record?.({ id: this.id, response: json, output: { ...this.message } });
    const type = state.status === 'completed' ? COMPLETED : INCOMPLETE;
    return out + this.event(type, `"response":${json}`);
  }

  fail(error: ChatError): string {
    const failure = JSON.stringify({ code: 'server_error', message: error.message });
    const response = this.response(
      `"status":"failed","error":${failure},"incomplete_details":null`,
      'null',
    );
    return this.begin() + this.event(FAILED, `"response":${response}`);
  }
}
