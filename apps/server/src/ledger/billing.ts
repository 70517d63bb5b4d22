// Billing of relayed requests: price quote, guarded reservation up front, settlement to the real
// cost (with the consume log) or a full refund. Reusable by the drawing and music relays. The
// price rules themselves are price-quote's.

import { randomUUID } from 'node:crypto';
import { isTransientDatabaseError } from '../db/connection-errors';
import type { Db } from '../db/database';
import type { PricingRules } from '../modules/pricing/pricing-rules';
import type { Usage } from '../relay/canonical/usage';
import { databaseUnavailable, RelayError, WindowSpentError } from '../relay/relay-errors';
import { fundingFor, type Payer } from './funding';
import type {
  Ledger,
  LedgerRecovery,
  Pricing,
  QuotaLowListener,
  Reservation,
  ReserveMeta,
  SettleInput,
} from './ledger';
import { memberWindowTerms, type OrgShort, orgRefusal, takeOrgQuota } from './org-wallet';
import { type PlanTake, takeFromPlan } from './plan-funding';
import { imageQuota, type PriceQuote, priceQuote, quotaCost, reserveEstimate } from './price-quote';
import { takeQuota } from './quota.repository';
import {
  DEFAULT_LEASE_MS,
  type DeliveredProbe,
  defaultNodeId,
  type NodeOptions,
  ReservationKeeper,
} from './reconciliation';
import { SETTLE_DELAY_MS, SettlementDeferred, SettlementQueue } from './settlement-queue';

export type { Usage } from '../relay/canonical/usage';
export type {
  Ledger,
  LedgerRecovery,
  Pricing,
  QuotaLowListener,
  RelayBilling,
  Reservation,
  ReserveMeta,
  SettleInput,
} from './ledger';
export type { PriceQuote } from './price-quote';

/** The wallet-funded ledger with its pricing (quote, cost, estimate) for the relays. */
export class Billing implements Ledger, Pricing {
  /** Settlements not written yet (see settlement-queue.ts); `flush()` writes them. */
  readonly settlements: SettlementQueue;
  /** Lease, streams' progress and reconciliation of reservations left behind. */
  readonly keeper: LedgerRecovery & ReservationKeeper;
  readonly nodeId: string;
  private readonly leaseMs: number;
  /** The zone calendar cap windows (day, week, month) start in. */
  private readonly timeZone: () => string;
  /** Reservations taken and not yet ended, with a probe for streams. */
  private readonly live = new Map<string, DeliveredProbe | null>();
  private readonly ended = new WeakSet<Reservation>();
  /** Reservations whose take failed without a clear answer: if taken after all, refund them. */
  private readonly abandoned = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly pricing: PricingRules,
    private readonly now: () => number,
    private readonly remindThreshold: () => number = () => 0,
    private readonly onQuotaLow: QuotaLowListener = () => undefined,
    settleDelayMs = SETTLE_DELAY_MS,
    node: NodeOptions = {},
  ) {
    this.settlements = new SettlementQueue(db, settleDelayMs);
    this.nodeId = node.nodeId ?? defaultNodeId();
    this.leaseMs = node.leaseMs ?? DEFAULT_LEASE_MS;
    this.timeZone = node.timeZone ?? (() => 'UTC');
    this.keeper = new ReservationKeeper({
      db,
      nodeId: this.nodeId,
      leaseMs: this.leaseMs,
      clockMs: () => Date.now(),
      now,
      write: (batch) => this.settlements.write(batch),
      holds: (id) => this.live.has(id) || this.settlements.has(id),
      abandoned: (id) => this.abandoned.delete(id),
      streams: () => this.streams(),
      logEnabled: node.logEnabled ?? (() => true),
      logContent: node.reconciledContent ?? 'reconciled',
      warn: node.warn ?? ((message) => console.warn(message)),
    });
  }

  /** The model has a price (configured or built in): a name the gateway knows. */
  knows(model: string): boolean {
    return this.pricing.forModel(model).known;
  }

  quote(model: string, group: string): PriceQuote {
    return priceQuote(this.pricing, model, group);
  }

  cost(quote: PriceQuote, usage: Usage): number {
    return quotaCost(quote, usage);
  }

  imageCost(quote: PriceQuote, body: Record<string, unknown>): number {
    return imageQuota(quote, body);
  }

  estimate(quote: PriceQuote, tokens: number, completionTokens = 0): number {
    return reserveEstimate(quote, tokens, completionTokens);
  }

  /** What the caller's balances can pay now (the user's quota, and the token's unless unlimited). */
  payable(caller: Payer): number {
    const user = Math.max(0, caller.userQuota);
    return caller.unlimited ? user : Math.min(user, Math.max(0, caller.tokenRemain));
  }

  /**
   * Takes the amount from token and user atomically, with the reservation's journal row (and,
   * with `meta.window`, holds it in the token's quota window); 403 when either balance is short,
   * WindowSpentError when the window is, 503 when the database cannot be reached (nothing taken).
   */
  async reserve(caller: Payer, amount: number, meta: ReserveMeta = {}): Promise<Reservation> {
    const funding = fundingFor(caller);
    // For an org token, admission's userQuota is the org's balance (org-wallet.ts).
    if (funding.kind !== 'org' && (caller.hasPlan || caller.planOnly)) {
      const funded = await this.reserveFromPlan(caller, amount, meta);
      if (funded) return funded;
    }
    if (caller.userQuota <= 0 || caller.userQuota < amount) {
      if (funding.kind === 'org') throw orgRefusal('org');
      throw new RelayError(403, 'relay.userQuotaShort', 'insufficient_user_quota');
    }
    const reservation: Reservation = {
      id: randomUUID().replaceAll('-', ''),
      userId: caller.userId,
      tokenId: caller.tokenId,
      amount: Math.max(0, amount),
      quotaBefore: caller.userQuota,
      funding,
    };
    const nowMs = Date.now();
    this.live.set(reservation.id, null);
    let taken: Awaited<ReturnType<typeof takeQuota>>;
    let orgShort: OrgShort | undefined;
    try {
      const entry = {
        id: reservation.id,
        userId: reservation.userId,
        tokenId: reservation.tokenId,
        amount: reservation.amount,
        nodeId: this.nodeId,
        leaseUntil: nowMs + this.leaseMs,
        createdAt: this.now(),
        model: (meta.model ?? '').slice(0, 255),
        stream: meta.stream === true,
        funding,
        window: meta.window,
      };
      // An org token is held in the member's cap window instead of the token's own.
      if (funding.kind === 'org') {
        const terms = memberWindowTerms(caller.orgWindowPeriod ?? '', this.now(), this.timeZone());
        const org = await takeOrgQuota(
          this.db,
          { ...entry, window: undefined, orgId: funding.orgId, terms },
          this.now(),
        );
        if (!org.taken) orgShort = org.spent;
        taken = org.taken ? org : { taken: false, spent: 'quota' };
      } else {
        taken = await takeQuota(this.db, entry, this.now());
      }
    } catch (error) {
      this.live.delete(reservation.id);
      // A commit lost with the connection may still have taken it: the journal row then
      // outlives this node's hold on it and is reconciled — refunded, nothing was delivered.
      // Most of these were never taken; the set is bounded so an outage cannot grow it forever.
      if (this.abandoned.size >= 10_000) this.abandoned.clear();
      this.abandoned.add(reservation.id);
      if (isTransientDatabaseError(error)) throw databaseUnavailable();
      throw error;
    }
    if (!taken.taken) {
      this.live.delete(reservation.id);
      if (orgShort) throw orgRefusal(orgShort);
      if (taken.spent === 'window') throw new WindowSpentError();
      const tokenShort = !caller.unlimited && caller.tokenRemain < amount;
      throw tokenShort
        ? new RelayError(403, 'relay.tokenQuotaShort', 'pre_consume_token_quota_failed')
        : new RelayError(403, 'relay.userQuotaShort', 'insufficient_user_quota');
    }
    if (taken.windowStartedAt !== undefined) {
      reservation.window = { startedAt: taken.windowStartedAt, amount: reservation.amount };
    }
    return reservation;
  }

  /**
   * The plan-funded reservation (plan-funding.ts) when a covering subscription has room in every
   * window; null to fall back to the wallet. A plan-only token is refused instead: 403 when no
   * subscription covers the model, 429 naming the full window and when it starts over.
   */
  private async reserveFromPlan(
    caller: Payer,
    amount: number,
    meta: ReserveMeta,
  ): Promise<Reservation | null> {
    const model = meta.requested ?? meta.model ?? '';
    const id = randomUUID().replaceAll('-', '');
    const now = this.now();
    this.live.set(id, null);
    let take: PlanTake;
    try {
      take = await takeFromPlan(
        this.db,
        {
          id,
          userId: caller.userId,
          tokenId: caller.tokenId,
          amount: Math.max(0, amount),
          nodeId: this.nodeId,
          leaseUntil: Date.now() + this.leaseMs,
          createdAt: now,
          model: (meta.model ?? '').slice(0, 255),
          stream: meta.stream === true,
        },
        model,
        now,
      );
    } catch (error) {
      this.live.delete(id);
      if (this.abandoned.size >= 10_000) this.abandoned.clear();
      this.abandoned.add(id);
      if (isTransientDatabaseError(error)) throw databaseUnavailable();
      throw error;
    }
    if (take.kind === 'taken') {
      return {
        id,
        userId: caller.userId,
        tokenId: caller.tokenId,
        amount: Math.max(0, amount),
        quotaBefore: caller.userQuota,
        funding: take.source,
      };
    }
    this.live.delete(id);
    if (!caller.planOnly) return null;
    if (take.kind === 'uncovered') {
      throw new RelayError(403, 'relay.planModelUncovered', 'model_not_in_plan', { model });
    }
    throw new RelayError(429, 'relay.planWindowFull', 'plan_window_exhausted', {
      period: take.period,
      resets_at: new Date(take.resetsAt * 1000).toISOString(),
    });
  }

  /**
   * A stream is being delivered; `deliveredBytes()` is how much text has gone out so far. The keeper records its
   * quota worth in the journal now and then (the prompt's share of the reservation plus the text
   * estimated at 4 bytes a token), so that if this node dies the reservation is settled for the
   * delivered part rather than in full. `completionTokens`: the reply tokens the reservation assumed.
   */
  streaming(
    reservation: Reservation,
    quote: PriceQuote,
    completionTokens: number,
    deliveredBytes: () => number,
  ): void {
    if (!this.live.has(reservation.id)) return;
    const promptShare =
      completionTokens > 0
        ? Math.max(0, reservation.amount - this.estimate(quote, 0, completionTokens))
        : 0;
    this.live.set(reservation.id, () => {
      const delivered = deliveredBytes();
      if (delivered === 0) return 0;
      const completionTokens = Math.ceil(delivered / 4);
      const worth = promptShare + this.cost(quote, { promptTokens: 0, completionTokens });
      return Math.max(1, Math.min(reservation.amount, worth));
    });
  }

  private *streams(): Iterable<[string, DeliveredProbe]> {
    for (const [id, probe] of this.live) if (probe) yield [id, probe];
  }

  /** Ends the reservation once; false when it was already ended (settled or refunded). */
  private end(reservation: Reservation): boolean {
    if (this.ended.has(reservation)) return false;
    this.ended.add(reservation);
    this.live.delete(reservation.id);
    return true;
  }

  /**
   * Moves the reservation to the real cost, counts the request, writes the log; resolves with
   * what was charged once written (within SETTLE_DELAY_MS: settlements are written in batches).
   * When the database is unreachable the settlement stays queued and is retried (or, if this
   * node dies first, reconciled): it resolves at once with the reservation, never refunds it.
   */
  async settle(reservation: Reservation, input: SettleInput): Promise<number> {
    if (!this.end(reservation)) return 0;
    let charged: number;
    try {
      const written = await this.settlements.add({
        id: reservation.id,
        userId: reservation.userId,
        tokenId: reservation.tokenId,
        channelId: input.channelId,
        reserved: reservation.amount,
        cost: Math.max(0, input.cost),
        countRequest: true,
        log: input.log ? { ...input.log, quota: 0 } : null,
        now: this.now(),
        window: reservation.window,
        funding: reservation.funding,
      });
      // null: a reconciliation got there first (this node lost its lease) and charged it.
      charged = written ?? reservation.amount;
    } catch (error) {
      if (!(error instanceof SettlementDeferred)) throw error;
      return reservation.amount;
    }
    const threshold = this.remindThreshold();
    const left = reservation.quotaBefore - charged;
    // Only the wallet's balance can run low (a plan's windows are not the user's quota).
    const wallet = reservation.funding.kind === 'wallet';
    if (wallet && threshold > 0 && reservation.quotaBefore >= threshold && left < threshold) {
      this.onQuotaLow(reservation.userId, left);
    }
    return charged;
  }

  /** Writes every waiting settlement (on shutdown). */
  flush(): Promise<void> {
    return this.settlements.flush();
  }

  /**
   * Gives the whole reservation back (the request failed before any usage); nothing once the
   * reservation was settled. While the database is unreachable the refund is retried.
   */
  async refund(reservation: Reservation): Promise<void> {
    if (!this.end(reservation)) return;
    try {
      await this.settlements.add({
        id: reservation.id,
        userId: reservation.userId,
        tokenId: reservation.tokenId,
        channelId: 0,
        reserved: reservation.amount,
        cost: 0,
        countRequest: false,
        log: null,
        now: this.now(),
        window: reservation.window,
        funding: reservation.funding,
      });
    } catch (error) {
      if (!(error instanceof SettlementDeferred)) throw error;
    }
  }
}
