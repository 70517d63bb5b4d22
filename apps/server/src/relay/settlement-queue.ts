// Write-behind settlements: a request's settlement (balances to the real cost, counters, consume
// log) waits a few milliseconds so that many are written in one transaction: the rows and index
// pages they share are written once (on SQLite a consume log touches a dozen pages). The
// reservation is never deferred: it stays the guarded take before the upstream call, so the
// guards are unchanged; only the counters and logs of requests already answered appear up to
// SETTLE_DELAY_MS later (at once on app.close, which flushes).
import type { Db } from '../db/database';
import { type Settlement, settleQuotas } from './relay.repository';

/** Longest a settlement waits to be written. */
export const SETTLE_DELAY_MS = 5;

interface Pending {
  settlement: Settlement;
  resolve: (charged: number) => void;
  reject: (error: unknown) => void;
}

export class SettlementQueue {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The flush being written; flushes run one after another. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly delayMs = SETTLE_DELAY_MS,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  /** Queues the settlement; resolves with what was charged once it is written. */
  add(settlement: Settlement): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ settlement, resolve, reject });
      this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  /** Writes everything waiting; resolves once it (and any earlier flush) is written. */
  flush(): Promise<void> {
    const batch = this.takeAll();
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private takeAll(): Pending[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    return batch;
  }

  /** One transaction for the batch; if it fails, each alone so one bad row loses no other. */
  private async write(batch: Pending[]): Promise<void> {
    try {
      const charged = await settleQuotas(
        this.db,
        batch.map((item) => item.settlement),
      );
      resolveAll(batch, charged);
    } catch {
      for (const item of batch) {
        await settleQuotas(this.db, [item.settlement]).then(
          ([charged]) => item.resolve(charged ?? 0),
          item.reject,
        );
      }
    }
  }
}

function resolveAll(batch: readonly Pending[], charged: readonly number[]): void {
  for (const [index, item] of batch.entries()) item.resolve(charged[index] ?? 0);
}
