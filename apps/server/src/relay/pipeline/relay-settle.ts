// The last stage: count what the upstream did not report, close the stream, charge the real
// cost and write the consume log (price breakdown, channels tried, why a stream was cut).
import { type Language, LogType } from '@switchyard/contracts';
import { logPriceFields } from '@switchyard/contracts/pricing';
import { type LogPart, logParts } from '../../i18n/log-content';
import type { PriceQuote, RelayBilling, Reservation } from '../../ledger/billing';
import type { OptionsStore } from '../../modules/options/options.store';
import type { Usage } from '../canonical/usage';
import type { DialectName, DialectRequest } from '../dialects/types';
import { countText } from '../tokenizer';
import type { RelayCaller } from './admission';
import type { AttemptContext } from './relay-attempt';
import type { Delivery, StreamCut } from './relay-delivery';
import { countPromptTokens } from './relay-request';

export interface SettleDeps {
  billing: RelayBilling;
  options: OptionsStore;
  now: () => number;
}

export interface SettleInput {
  caller: RelayCaller;
  request: DialectRequest;
  dialect: DialectName;
  ctx: AttemptContext;
  reservation: Reservation;
  quote: PriceQuote;
  delivery: Delivery;
  elapsedMs: number;
  language: Language;
  tried: readonly number[];
  /** Runs before a complete stream's closing frames are written (keeping a Responses reply). */
  beforeStreamEnd?: () => Promise<unknown>;
  /** Told the real usage and cost as soon as they are known, alongside the settlement. */
  onCost?: (usage: Usage, cost: number) => Promise<void>;
}

/** What a delivered reply was charged: its usage and the quota taken. */
export interface Settled {
  usage: Usage;
  charged: number;
}

/**
 * Settles a delivered reply; refunds one nothing of which reached the client (null then).
 * `span` is started just before the settlement is written and ended once it is.
 */
export async function settleDelivery(
  deps: SettleDeps,
  input: SettleInput,
  span?: () => { end(error?: string): void } | undefined,
): Promise<Settled | null> {
  const { caller, ctx, delivery, reservation } = input;
  if (!delivery.delivered) {
    await delivery.close?.({ promptTokens: 0, completionTokens: 0 });
    await deps.billing.refund(reservation);
    return null;
  }
  const quote =
    ctx.model === input.quote.model ? input.quote : deps.billing.quote(ctx.model, caller.group);
  let usage = delivery.usage;
  const counted = usage === undefined;
  if (!usage) {
    usage = {
      promptTokens: await countPromptTokens(input.request, ctx.model),
      completionTokens: await countText(ctx.model, delivery.text.head, delivery.text.beyondHead),
    };
  }
  await delivery.close?.(usage, input.beforeStreamEnd);
  // Images are priced per picture (size, quality, n), not by tokens.
  const cost =
    input.request.mode === 'images'
      ? deps.billing.imageCost(quote, input.request.body)
      : deps.billing.cost(quote, usage);
  const log = deps.options.getBool('LogConsumeEnabled')
    ? {
        user_id: caller.userId,
        username: caller.username,
        created_at: deps.now(),
        type: LogType.consume,
        content: logContent(input.language, quote, delivery.cut),
        token_name: caller.tokenName,
        model_name: ctx.model,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        use_time: Math.round(input.elapsedMs / 1000),
        is_stream: ctx.stream ? 1 : 0,
        channel_id: ctx.channel.id,
        token_id: caller.tokenId,
        other: JSON.stringify(logOther(input, quote, usage, counted)),
      }
    : null;
  const settling = span?.();
  const [charged] = await Promise.all([
    deps.billing.settle(reservation, { cost, channelId: ctx.channel.id, log }),
    input.onCost?.(usage, cost),
  ]);
  settling?.end();
  return { usage, charged };
}

function logOther(input: SettleInput, quote: PriceQuote, usage: Usage, counted: boolean) {
  const { delivery } = input;
  return {
    frt: delivery.firstByteMs,
    // Ratios, and the cache and reasoning tokens with their ratios (contracts' token-cost).
    ...logPriceFields(quote, usage),
    admin_info: { use_channel: [...input.tried] },
    ...(input.dialect === 'chat' ? {} : { dialect: input.dialect }),
    ...(delivery.cut ? { stream_cut: delivery.cut } : {}),
    ...(delivery.cutReason ? { stream_cut_reason: delivery.cutReason } : {}),
    ...(counted ? { usage_counted: true } : {}),
  };
}

/** Log texts by language, price and cut: a handful of distinct texts, built once each. */
const logContents = new Map<string, string>();
const LOG_CONTENTS_KEPT = 1000;

function logContent(language: Language, quote: PriceQuote, cut: StreamCut): string {
  const key = `${language}|${quote.perCall}|${quote.modelPrice}|${quote.modelRatio}|${quote.groupRatio}|${quote.completionRatio}|${cut}`;
  let content = logContents.get(key);
  if (content === undefined) {
    if (logContents.size >= LOG_CONTENTS_KEPT) logContents.clear();
    content = buildLogContent(language, quote, cut);
    logContents.set(key, content);
  }
  return content;
}

/** A template key with its values, rendered in the reader's language (i18n/log-content). */
function buildLogContent(_language: Language, quote: PriceQuote, cut: StreamCut): string {
  const fixed = (value: number) => value.toFixed(2);
  const base: LogPart = quote.perCall
    ? [
        'relay.logPrice',
        { modelPrice: fixed(quote.modelPrice), groupRatio: fixed(quote.groupRatio) },
      ]
    : [
        'relay.logRatio',
        {
          modelRatio: fixed(quote.modelRatio),
          groupRatio: fixed(quote.groupRatio),
          completionRatio: fixed(quote.completionRatio),
        },
      ];
  return cut ? logParts(base, ['relay.logCut']) : logParts(base);
}
