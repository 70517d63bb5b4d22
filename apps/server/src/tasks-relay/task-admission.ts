// The start and the charge of a relayed task, on the relay core: admit the token, check the
// model and quota, pick a channel (or the one an earlier task used), reserve the per-call price;
// then settle it with a consume log once the upstream accepted the task.
import { ChannelStatus, LogType } from '@switchyard/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { logContent } from '../i18n/log-content';
import type { PriceQuote, RelayBilling, Reservation } from '../ledger/billing';
import type { ChannelHealth } from '../modules/channels/channel-health';
import type { OptionsStore } from '../modules/options/options.store';
import { gatedCaller } from '../relay/http/relay-gate';
import {
  admitCaller,
  assertHasQuota,
  assertModelAllowed,
  type RelayCaller,
} from '../relay/pipeline/admission';
import { planChannels } from '../relay/pipeline/selection';
import { type ChannelRow, findChannel } from '../relay/relay.repository';
import { RelayError, UpstreamError, upstreamErrorFrom } from '../relay/relay-errors';
import { withoutKey } from '../relay/transport/redact';

export interface TaskRelayDeps {
  db: Db;
  options: OptionsStore;
  billing: RelayBilling;
  /** The relay core's channel health: upstream failures count toward auto-disabling. */
  health: ChannelHealth;
  now: () => number;
}

export interface StartedTask {
  caller: RelayCaller;
  channel: ChannelRow;
  model: string;
  quote: PriceQuote;
  reservation: Reservation;
}

/** Admits the caller (for reads that need no channel). */
export const admit = (deps: TaskRelayDeps, request: FastifyRequest): Promise<RelayCaller> => {
  // A submit was admitted by the relay's gate before its body was read (relay-gate.ts).
  const gated = gatedCaller(request);
  return gated
    ? Promise.resolve(gated)
    : admitCaller(deps.db, request.headers.authorization, deps.now());
};

/**
 * Everything before the upstream call. `channelId` sends a follow-up to the channel of the task
 * it continues; otherwise the caller's group picks one of the model's channels.
 */
export async function startTask(
  deps: TaskRelayDeps,
  caller: RelayCaller,
  model: string,
  channelTypes: readonly number[],
  channelId?: number,
): Promise<StartedTask> {
  assertModelAllowed(caller, model);
  assertHasQuota(caller);
  let channel: ChannelRow | undefined;
  if (channelId !== undefined) {
    channel = await findChannel(deps.db, channelId);
    if (channel?.status !== ChannelStatus.enabled) {
      throw new RelayError(503, 'relay.noChannel', 'model_not_found', {
        model,
        group: caller.group,
      });
    }
  } else {
    const plan = await planChannels(deps.db, caller.group, model, caller.pinnedChannelId);
    channel = plan.next();
  }
  // A channel of another kind (a chat provider given a drawing model by mistake) cannot serve it.
  if (!channel || !channelTypes.includes(channel.type)) {
    throw new RelayError(503, 'relay.noChannel', 'model_not_found', { model, group: caller.group });
  }
  const quote = deps.billing.quote(model, caller.group);
  const reservation = await deps.billing.reserve(caller, deps.billing.estimate(quote, 0));
  return { caller, channel, model, quote, reservation };
}

/** Charges the reserved price and writes the consume log; returns the amount charged. */
export function chargeTask(
  deps: TaskRelayDeps,
  task: StartedTask,
  action: string,
): Promise<number> {
  const { caller, quote, channel } = task;
  const log = deps.options.getBool('LogConsumeEnabled')
    ? {
        user_id: caller.userId,
        username: caller.username,
        created_at: deps.now(),
        type: LogType.consume,
        content: logContent('task.logContent', {
          modelPrice: quote.modelPrice.toFixed(2),
          groupRatio: quote.groupRatio.toFixed(2),
          action,
        }),
        token_name: caller.tokenName,
        model_name: task.model,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: 0,
        is_stream: 0,
        channel_id: channel.id,
        token_id: caller.tokenId,
        other: JSON.stringify({
          model_price: quote.modelPrice,
          group_ratio: quote.groupRatio,
          admin_info: { use_channel: [String(channel.id)] },
        }),
      }
    : null;
  return deps.billing.settle(task.reservation, {
    cost: task.reservation.amount,
    channelId: channel.id,
    log,
  });
}

/**
 * Tells channel health how the upstream answered: status 0 for a network failure. A bad key
 * (401) or repeated server errors disable the channel under the AutomaticDisable rules.
 */
export async function reportUpstream(
  deps: TaskRelayDeps,
  channel: ChannelRow,
  status: number,
  text: string,
): Promise<void> {
  if (status === 200) {
    deps.health.succeeded(channel.id);
    return;
  }
  const error = withoutKey(
    new UpstreamError(status || 502, upstreamErrorFrom(status, text), status),
    channel.key,
  );
  await deps.health.failed(channel, error);
}
