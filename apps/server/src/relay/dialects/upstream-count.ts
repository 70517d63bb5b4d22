// Token counts (Anthropic count_tokens, Gemini countTokens) asked of the upstream that would
// answer the request, when it speaks the caller's dialect: its tokenizer is the one that bills.
// Counting is never billed; when the channel is of another family, or the upstream cannot count
// (an error, a compatible API without the endpoint), the caller gets the local count instead.
import type { Db } from '../../db/database';
import type { RelayCaller } from '../pipeline/admission';
import { mapModel } from '../pipeline/relay-routing';
import { planChannels } from '../pipeline/selection';
import type { ChannelRow } from '../relay.repository';
import { readBody, sendUpstream, type UpstreamRequest } from '../transport/upstream';
import type { NativeRoute } from './types';

/** A count should not hold a client for long: past this the local count answers. */
const COUNT_TIMEOUT_MS = 10_000;

/**
 * The upstream's count reply (its JSON object, when it answered 2xx with `field` a number), or
 * undefined to count locally. `build` makes the request for the chosen channel and mapped model.
 */
export async function countUpstream(
  db: Db,
  caller: RelayCaller,
  model: string,
  native: NativeRoute,
  field: string,
  build: (channel: ChannelRow, model: string) => UpstreamRequest,
): Promise<Record<string, unknown> | undefined> {
  let channel: ChannelRow | undefined;
  try {
    const plan = await planChannels(db, caller.group, model, caller.pinnedChannelId);
    channel = plan.next();
  } catch {
    // No channel serves the model (or the pinned one is off): the local count still answers.
    return undefined;
  }
  if (!channel || !native.accepts(channel)) return undefined;
  try {
    const response = await sendUpstream(
      build(channel, mapModel(channel, model)),
      AbortSignal.timeout(COUNT_TIMEOUT_MS),
    );
    const body = await readBody(response);
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) return undefined;
    const reply = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return typeof reply[field] === 'number' ? reply : undefined;
  } catch {
    return undefined;
  }
}
