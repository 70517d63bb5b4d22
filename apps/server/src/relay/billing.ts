// Billing of relayed requests: price quote, guarded reservation up front, settlement to the real
// cost (with the consume log) or a full refund. Reusable by the drawing and music relays.
import { QUOTA_PER_DOLLAR, type TokenPrice, tokenQuota } from '@switchyard/contracts';
import type { Db } from '../db/database';
import type { NewLog } from '../db/schema';
import type { PricingRules } from '../modules/pricing/pricing-rules';
import type { RelayCaller } from './admission';
import { refundQuota, takeQuota } from './relay.repository';
import { RelayError } from './relay-errors';
import { SETTLE_DELAY_MS, SettlementQueue } from './settlement-queue';

export interface PriceQuote extends TokenPrice {
  model: string;
  perCall: boolean;
  /** Dollars per call, or -1 when the model is billed by tokens. */
  modelPrice: number;
}

export interface Usage {
  /** All input tokens, cached reads and cache writes included. */
  promptTokens: number;
  /** All output tokens, reasoning included. */
  completionTokens: number;
  /** Of promptTokens, read from the provider's prompt cache. */
  cachedTokens?: number;
  /** Of promptTokens, written to the prompt cache (5-minute and 1-hour together). */
  cacheWriteTokens?: number;
  /** Of cacheWriteTokens, written with the 1-hour TTL. */
  cacheWrite1hTokens?: number;
  /** Of completionTokens, spent on reasoning. */
  reasoningTokens?: number;
}

export interface Reservation {
  userId: number;
  tokenId: number;
  amount: number;
  /** The user's quota when the request was admitted (for the low-quota reminder). */
  quotaBefore: number;
}

export interface SettleInput {
  cost: number;
  channelId: number;
  /** The consume log without its quota (filled with what was really charged), or null. */
  log: Omit<NewLog, 'quota'> | null;
}

/** Dollars per image per unit of model ratio, for image models without a per-call price. */
const IMAGE_DOLLARS_PER_RATIO = 0.0025;
const IMAGE_SIZE_FACTORS: Record<string, number> = {
  '256x256': 0.4,
  '512x512': 0.45,
  '1024x1024': 1,
  '1792x1024': 2,
  '1024x1792': 2,
};

/** Called once when a settlement takes a user's quota below QuotaRemindThreshold. */
export type QuotaLowListener = (userId: number, quotaLeft: number) => void;

export class Billing {
  /** Settlements not written yet (see settlement-queue.ts); `flush()` writes them. */
  readonly settlements: SettlementQueue;

  constructor(
    private readonly db: Db,
    private readonly pricing: PricingRules,
    private readonly now: () => number,
    private readonly remindThreshold: () => number = () => 0,
    private readonly onQuotaLow: QuotaLowListener = () => undefined,
    settleDelayMs = SETTLE_DELAY_MS,
  ) {
    this.settlements = new SettlementQueue(db, settleDelayMs);
  }

  quote(model: string, group: string): PriceQuote {
    const pricing = this.pricing.forModel(model);
    return {
      model,
      perCall: pricing.quotaType === 1,
      modelRatio: pricing.modelRatio,
      modelPrice: pricing.quotaType === 1 ? pricing.modelPrice : -1,
      completionRatio: pricing.completionRatio,
      cacheRatio: pricing.cacheRatio,
      cacheCreationRatio: pricing.cacheCreationRatio,
      cacheCreation1hRatio: pricing.cacheCreation1hRatio,
      groupRatio: this.pricing.groupRatio(group),
    };
  }

  /** Quota for the usage (spec §9, `tokenQuota` of contracts): cached reads and cache writes at
   * their ratios, reasoning as completion; at least 1 when the ratio is not 0. */
  cost(quote: PriceQuote, usage: Usage): number {
    if (quote.perCall) return Math.round(quote.modelPrice * QUOTA_PER_DOLLAR * quote.groupRatio);
    return tokenQuota(quote, usage);
  }

  /**
   * An image request's price, known up front: the per-call price (or 0.0025 × model ratio
   * dollars) × size × quality × n × group ratio.
   */
  imageCost(quote: PriceQuote, body: Record<string, unknown>): number {
    const size = typeof body.size === 'string' ? body.size : '1024x1024';
    const longSide = Math.max(...size.split('x').map(Number).filter(Number.isFinite), 1024);
    const sizeFactor = IMAGE_SIZE_FACTORS[size] ?? (longSide > 1024 ? 2 : 1);
    const hd = body.quality === 'hd' && quote.model.startsWith('dall-e-3');
    const qualityFactor = hd ? (longSide > 1024 ? 1.5 : 2) : 1;
    const count = typeof body.n === 'number' && body.n > 0 ? Math.floor(body.n) : 1;
    const price = quote.perCall ? quote.modelPrice : IMAGE_DOLLARS_PER_RATIO * quote.modelRatio;
    return Math.round(
      price * sizeFactor * qualityFactor * count * quote.groupRatio * QUOTA_PER_DOLLAR,
    );
  }

  /** What to reserve: the per-call price, or (prompt + max_tokens | PreConsumedQuota) tokens. */
  estimate(quote: PriceQuote, tokens: number): number {
    if (quote.perCall) return this.cost(quote, { promptTokens: 0, completionTokens: 0 });
    return Math.round(tokens * quote.modelRatio * quote.groupRatio);
  }

  /** Takes the amount from user and token atomically; 403 when either balance is short. */
  async reserve(caller: RelayCaller, amount: number): Promise<Reservation> {
    if (caller.userQuota <= 0 || caller.userQuota < amount) {
      throw new RelayError(403, 'relay.userQuotaShort', 'insufficient_user_quota');
    }
    const reservation = {
      userId: caller.userId,
      tokenId: caller.tokenId,
      amount: Math.max(0, amount),
      quotaBefore: caller.userQuota,
    };
    if (reservation.amount === 0) return reservation;
    const taken = await takeQuota(
      this.db,
      caller.userId,
      caller.tokenId,
      reservation.amount,
      this.now(),
    );
    if (!taken) {
      const tokenShort = !caller.unlimited && caller.tokenRemain < amount;
      throw tokenShort
        ? new RelayError(403, 'relay.tokenQuotaShort', 'pre_consume_token_quota_failed')
        : new RelayError(403, 'relay.userQuotaShort', 'insufficient_user_quota');
    }
    return reservation;
  }

  /**
   * Moves the reservation to the real cost, counts the request, writes the log; resolves with
   * what was charged once written (within SETTLE_DELAY_MS: settlements are written in batches).
   */
  async settle(reservation: Reservation, input: SettleInput): Promise<number> {
    const charged = await this.settlements.add({
      userId: reservation.userId,
      tokenId: reservation.tokenId,
      channelId: input.channelId,
      reserved: reservation.amount,
      cost: Math.max(0, input.cost),
      countRequest: true,
      log: input.log ? { ...input.log, quota: 0 } : null,
      now: this.now(),
    });
    const threshold = this.remindThreshold();
    const left = reservation.quotaBefore - charged;
    if (threshold > 0 && reservation.quotaBefore >= threshold && left < threshold) {
      this.onQuotaLow(reservation.userId, left);
    }
    return charged;
  }

  /** Writes every waiting settlement (on shutdown). */
  flush(): Promise<void> {
    return this.settlements.flush();
  }

  /** Gives the whole reservation back (the request failed before any usage). */
  async refund(reservation: Reservation): Promise<void> {
    await refundQuota(this.db, reservation.userId, reservation.tokenId, reservation.amount);
  }
}
