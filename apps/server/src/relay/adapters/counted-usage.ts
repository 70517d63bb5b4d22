// For providers that report no token usage (PaLM, the AI Proxy library): a whole reply is
// counted by the gateway's tokenizer in `send`, so the reply, its bill and the channel test all
// carry usage. The count travels in the synthetic body under COUNTED_USAGE.
import type { IncomingMessage } from 'node:http';
import type { Usage } from '../canonical/usage';
import { countChatPrompt, countText } from '../tokenizer';
import { readBody } from '../transport/upstream';
import { isRecord, jsonResponse, parseJson } from './transport';
import type { AdapterContext } from './types';

export const COUNTED_USAGE = 'switchyard_counted_usage';

/** Reads a successful JSON reply and adds the counted usage of its text (`textOf`). */
export async function withCountedUsage(
  ctx: AdapterContext,
  response: IncomingMessage,
  textOf: (reply: Record<string, unknown>) => string,
): Promise<IncomingMessage> {
  const raw = await readBody(response);
  const reply = parseJson<Record<string, unknown>>(raw);
  const usage: Usage = {
    promptTokens: await countChatPrompt(ctx.model, ctx.body.messages ?? []),
    completionTokens: await countText(ctx.model, textOf(reply)),
  };
  return jsonResponse(response.statusCode ?? 200, { ...reply, [COUNTED_USAGE]: usage });
}

/** The counted usage of a reply made by withCountedUsage. */
export function countedUsage(reply: Record<string, unknown>): Usage | undefined {
  const usage = reply[COUNTED_USAGE];
  return isRecord(usage) &&
    typeof usage.promptTokens === 'number' &&
    typeof usage.completionTokens === 'number'
    ? { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens }
    : undefined;
}
