// GET /v1/responses/{id}/input_items for a response the gateway kept: the canonical conversation
// it answered (without its own output) as Responses items, listed as OpenAI lists them
// (object "list", newest first unless order=asc, `after` an item id, limit 1–100, default 20).
import { createHash } from 'node:crypto';
import type { ContentPart, Message } from '../../canonical/types';
import { bad } from './parse';

type Item = Record<string, unknown>;

export interface ListQuery {
  limit?: string;
  order?: string;
  after?: string;
}

const textOf = (content: string | ContentPart[] | null): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

function inputContent(content: string | ContentPart[]): Item[] {
  if (typeof content === 'string') return [{ type: 'input_text', text: content }];
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'input_text', text: part.text }
      : {
          type: 'input_image',
          image_url: part.image_url.url,
          detail: part.image_url.detail ?? 'auto',
        },
  );
}

/**
 * The items of a kept conversation. Ids are derived from the response id and the item's place,
 * so the same item has the same id on every listing (`after` pages through them).
 */
export function conversationItems(
  responseId: string,
  conversation: Message[],
  instructions: unknown,
): Item[] {
  let messages = conversation;
  // The conversation ends with this response's own output, and starts with its instructions.
  if (messages.at(-1)?.role === 'assistant') messages = messages.slice(0, -1);
  const first = messages[0];
  if (
    first?.role === 'system' &&
    typeof instructions === 'string' &&
    textOf(first.content) === instructions
  )
    messages = messages.slice(1);
  const items: Item[] = [];
  const id = (prefix: string) =>
    `${prefix}_${createHash('sha256').update(`${responseId}:${items.length}`).digest('hex').slice(0, 48)}`;
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (message.reasoning_content) {
        items.push({
          id: id('rs'),
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: message.reasoning_content }],
        });
      }
      const text = textOf(message.content);
      if (text) {
        items.push({
          id: id('msg'),
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text, annotations: [] }],
        });
      }
      for (const call of message.tool_calls ?? []) {
        items.push({
          id: id('fc'),
          type: 'function_call',
          call_id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
          status: 'completed',
        });
      }
    } else if (message.role === 'tool') {
      items.push({
        id: id('fco'),
        type: 'function_call_output',
        call_id: message.tool_call_id,
        output: textOf(message.content),
        status: 'completed',
      });
    } else {
      items.push({
        id: id('msg'),
        type: 'message',
        role: message.role,
        status: 'completed',
        content: inputContent(message.content),
      });
    }
  }
  return items;
}

/** One page of items as OpenAI's list object. */
export function listPage(items: Item[], query: ListQuery) {
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw bad('limit must be an integer from 1 to 100');
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc')
    throw bad("order must be 'asc' or 'desc'");
  const ordered = query.order === 'asc' ? items : [...items].reverse();
  let start = 0;
  if (query.after) {
    const at = ordered.findIndex((item) => item.id === query.after);
    start = at < 0 ? ordered.length : at + 1;
  }
  const data = ordered.slice(start, start + limit);
  return {
    object: 'list',
    data,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data.at(-1)?.id as string | undefined) ?? null,
    has_more: start + limit < ordered.length,
  };
}
