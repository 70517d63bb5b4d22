// An admitted request's hold on its rate counters, concurrency slots and quota window, which
// settle() (served) or release() (failed or refunded) ends, once.
import type { Db } from '../../db/database';
import { type CounterCheck, type LimitStore, type SlotCheck, windowStart } from './limit-store';
import { releaseWindow, settleWindow } from './window.repository';

export const MINUTE_MS = 60_000;

/** Where a token's current quota window starts over: see window-rules' windowCutoff. */
export interface WindowTerms {
  cutoff: number;
  freshStart: number;
}

export interface LimitLease {
  /** x-ratelimit-* headers for the reply (empty when no rpm / tpm limit applies). */
  headers: Record<string, string>;
  /** The request was served: TPM corrected to `realTokens`, window charged `quota`. */
  settle(realTokens: number, quota: number): Promise<void>;
  /** The request failed or was refunded: gives back its tokens, slot and window reservation. */
  release(): Promise<void>;
  /** With `reservesWindow`: the token's window, for the caller's reservation to hold. */
  window?: WindowTerms;
}

export interface WindowReservation {
  tokenId: number;
  startedAt: number;
  amount: number;
}

/** An admitted request's hold on its counters, slot and window; settle() or release() ends it. */
export class Lease implements LimitLease {
  private ended = false;
  private renewal: NodeJS.Timeout | undefined;
  window?: WindowTerms;

  constructor(
    private readonly deps: { db: Db; store: LimitStore; nowMs: () => number },
    private readonly checks: (CounterCheck & { unit: 'requests' | 'tokens' })[],
    private readonly slots: SlotCheck[],
    private readonly leaseId: string,
    private readonly nowMs: number,
    private readonly tokens: number,
    private readonly held: WindowReservation | undefined,
    readonly headers: Record<string, string>,
  ) {
    const ttlMs = slots[0]?.ttlMs;
    if (ttlMs) {
      // The slots are short leases: renewed while the request runs (a stream may last minutes).
      this.renewal = setInterval(() => {
        const keys = slots.map((slot) => slot.key);
        void deps.store.renewSlots(keys, leaseId, deps.nowMs() + ttlMs).catch(() => undefined);
      }, ttlMs / 3);
      this.renewal.unref();
    }
  }

  settle(realTokens: number, quota: number): Promise<void> {
    return this.end(realTokens, quota);
  }

  release(): Promise<void> {
    return this.end(0, undefined);
  }

  /** settle and release are idempotent: only the first call counts. */
  private async end(realTokens: number, quota: number | undefined): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.renewal);
    const { store, db } = this.deps;
    const delta = Math.max(0, Math.ceil(realTokens)) - this.tokens;
    const work: Promise<void>[] = [];
    if (delta !== 0) {
      const start = windowStart(this.nowMs, MINUTE_MS);
      for (const check of this.checks) {
        if (check.unit === 'tokens') work.push(store.adjust(check.key, MINUTE_MS, start, delta));
      }
    }
    if (this.slots.length > 0) {
      work.push(
        store.releaseSlots(
          this.slots.map((slot) => slot.key),
          this.leaseId,
        ),
      );
    }
    const held = this.held;
    if (held) {
      work.push(
        quota === undefined
          ? releaseWindow(db, held.tokenId, held)
          : settleWindow(db, held.tokenId, held, Math.max(0, quota)),
      );
    }
    if (work.length === 1) await work[0];
    else if (work.length > 1) await Promise.all(work);
  }
}
