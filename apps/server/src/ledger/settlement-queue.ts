// Write-behind settlements: a request's settlement (balances to the real cost, counters, consume
// log, its journal row deleted) waits a few milliseconds so that many are written in one
// transaction: the rows and index pages they share are written once. One batch is written at a
// time; whatever arrives meanwhile collects and is written as the next batch as soon as the
// writer is free, so under load batches grow instead of queueing. The reservation is never
// deferred: it stays the guarded take (with its journal row) before the upstream call.
//
// Exactly once: a settlement applies only while its journal row exists and deletes it, so a batch
// retried after an uncertain commit (a connection killed mid-commit) applies nothing twice. When
// the database is unreachable the batch stays queued and is retried with a back-off; its callers
// are told (SettlementDeferred) at once rather than kept waiting.

import { performance } from 'node:perf_hooks';
import { isTransientDatabaseError } from '../db/connection-errors';
import type { Db } from '../db/database';
import { applySettlements } from './applier';
import type { Settlement } from './settlement-plan';

/** Longest a settlement waits to be written while the writer is idle. */
export const SETTLE_DELAY_MS = 5;
/** First and longest wait before a batch the database refused is tried again. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 2000;

/** Writes a batch; per settlement what was charged, or null when it had already been applied. */
export type BatchWriter = (batch: readonly Settlement[]) => Promise<(number | null)[]>;

/** Timers, injectable so tests drive the queue with their own clock. */
export interface QueueTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: QueueTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The database could not be reached: the settlement stays queued and is retried. */
export class SettlementDeferred extends Error {
  constructor(cause: unknown) {
    super('settlement deferred: the database is unreachable', { cause });
    this.name = 'SettlementDeferred';
  }
}

interface Pending {
  settlement: Settlement;
  resolve: (charged: number | null) => void;
  reject: (error: unknown) => void;
}

export interface QueueStats {
  /** Batches written (committed). */
  batches: number;
  /** Settlements written. */
  written: number;
  /** Most settlements ever waiting or being written at once (answered but not yet written). */
  maxBacklog: number;
  /** Batches that failed and were retried. */
  retries: number;
}

export class SettlementQueue {
  private pending: Pending[] = [];
  private readonly ids = new Set<string>();
  private inFlight = 0;
  private pumping: Promise<void> | undefined;
  private timer: unknown;
  private retryMs = 0;
  private failure: string | null = null;
  readonly stats: QueueStats = { batches: 0, written: 0, maxBacklog: 0, retries: 0 };
  /** Writes a batch at once, outside the queue (reconciliation). */
  readonly write: BatchWriter;
  private onFlush: ((batchSize: number, durationMs: number) => void) | undefined;

  constructor(
    writer: Db | BatchWriter,
    private readonly delayMs = SETTLE_DELAY_MS,
    private readonly timers: QueueTimers = realTimers,
  ) {
    this.write = typeof writer === 'function' ? writer : (batch) => applySettlements(writer, batch);
  }

  /** Settlements waiting or being written. */
  get size(): number {
    return this.pending.length + this.inFlight;
  }

  /**
   * Why settlements cannot be written right now (the error's code, e.g. SQLITE_FULL), null while
   * they can: the node is not ready meanwhile, its answers could not be billed.
   */
  get unwritable(): string | null {
    return this.failure;
  }

  /** True while the settlement with this id is waiting, being written or to be retried. */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /**
   * Queues the settlement; resolves with what was charged once written (null: it had already
   * been applied), rejects with SettlementDeferred while the database is unreachable (it stays
   * queued) or with the error of a settlement that cannot be written at all (it is dropped).
   */
  add(settlement: Settlement): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.ids.add(settlement.id);
      this.pending.push({ settlement, resolve, reject });
      this.stats.maxBacklog = Math.max(this.stats.maxBacklog, this.size);
      if (this.pumping === undefined) this.schedule(this.retryMs || this.delayMs);
    });
  }

  /** Writes everything waiting now; resolves once written or refused by an unreachable database. */
  flush(): Promise<void> {
    this.cancelTimer();
    return this.pump();
  }

  private schedule(ms: number): void {
    if (this.timer !== undefined) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      void this.pump();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** Writes batches back to back while settlements keep arriving; one writer at a time. */
  private pump(): Promise<void> {
    if (this.pumping) return this.pumping;
    if (this.pending.length === 0) return Promise.resolve();
    // `finally` runs in a later microtask, so `pumping` is always cleared after it was set (an
    // async function that returned at once would clear it first and leave it set for good).
    this.pumping = this.drain().finally(() => {
      this.inFlight = 0;
      this.pumping = undefined;
    });
    return this.pumping;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      this.inFlight = batch.length;
      const written = await this.writeBatch(batch);
      this.inFlight = 0;
      if (!written) return;
    }
  }

  /** Told the size and duration of each batch written (metrics). */
  observe(listener: (batchSize: number, durationMs: number) => void): void {
    this.onFlush = listener;
  }

  private async writeBatch(batch: Pending[]): Promise<boolean> {
    try {
      const started = performance.now();
      const charged = await this.write(batch.map((item) => item.settlement));
      this.onFlush?.(batch.length, performance.now() - started);
      this.succeeded(batch.length);
      for (const [index, item] of batch.entries()) {
        this.ids.delete(item.settlement.id);
        item.resolve(charged[index] ?? null);
      }
      return true;
    } catch (error) {
      if (isTransientDatabaseError(error)) return this.deferred(batch, error);
    }
    // One bad row must not lose the others: each alone (a retry is safe, see the header).
    const retry: Pending[] = [];
    let lastError: unknown;
    for (const item of batch) {
      try {
        const started = performance.now();
        const [charged] = await this.write([item.settlement]);
        this.onFlush?.(1, performance.now() - started);
        this.succeeded(1);
        this.ids.delete(item.settlement.id);
        item.resolve(charged ?? null);
      } catch (error) {
        if (!isTransientDatabaseError(error)) {
          this.ids.delete(item.settlement.id);
          item.reject(error);
          continue;
        }
        retry.push(item);
        lastError = error;
      }
    }
    return retry.length === 0 || this.deferred(retry, lastError);
  }

  private succeeded(count: number): void {
    this.stats.batches += 1;
    this.stats.written += count;
    this.retryMs = 0;
    this.failure = null;
  }

  /** Puts the batch back in front and tries again after a growing wait. */
  private deferred(batch: Pending[], error: unknown): false {
    this.stats.retries += 1;
    this.failure = errorCode(error);
    const deferred = new SettlementDeferred(error);
    for (const item of batch) {
      item.reject(deferred);
      // Told once; the retry settles it silently.
      item.resolve = () => undefined;
      item.reject = () => undefined;
    }
    this.pending = [...batch, ...this.pending];
    this.retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_FIRST_MS, this.retryMs * 2));
    this.schedule(this.retryMs);
    return false;
  }
}

/** The code of a database error (never its message, which may quote a row). */
function errorCode(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : '';
  return typeof code === 'string' && code ? code : 'database error';
}
