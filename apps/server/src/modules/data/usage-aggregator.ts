// Folds consume logs into hourly quota_data buckets every DataExportInterval minutes. A shared
// watermark (last folded log id) is moved by compare-and-swap in the same transaction as the
// bucket updates, so each log is counted exactly once even with several server nodes.
import type { Db } from '../../db/database';
import { QUOTA_DATA_WATERMARK } from '../../db/migrations/2026-11-22T0600-observability';
import type { Clock } from '../../lib/clock';
import type { OptionsStore } from '../options/options.store';
import {
  addToBucket,
  claimWatermark,
  markFolded,
  nextSettledLogId,
  readWatermark,
  sumConsumeLogs,
} from './data.repository';

/** Logs read per transaction. */
const CHUNK = 20_000;
/** A log is folded once it is this old (seconds), so rows still committing are not skipped. */
const SETTLE_SECONDS = 60;
const MINUTE_MS = 60_000;

export interface AggregatorDeps {
  db: Db;
  options: OptionsStore;
  clock: Clock;
  onError?: (error: unknown) => void;
}

export class UsageAggregator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(private readonly deps: AggregatorDeps) {}

  /** Folds every settled log not folded yet; returns how many log ids this node folded. */
  async runOnce(): Promise<number> {
    this.running ??= this.foldAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    const minutes = Math.max(1, this.deps.options.getInt('DataExportInterval'));
    this.timer = setTimeout(() => void this.tick(), minutes * MINUTE_MS);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      if (this.deps.options.getBool('DataExportEnabled')) await this.runOnce();
    } catch (error) {
      this.deps.onError?.(error);
    }
    this.schedule();
  }

  private async foldAll(): Promise<number> {
    const { db } = this.deps;
    const settledBefore = this.deps.clock.now() - SETTLE_SECONDS;
    let folded = 0;
    for (;;) {
      const from = await readWatermark(db, QUOTA_DATA_WATERMARK);
      const to = await nextSettledLogId(db, from, settledBefore, CHUNK);
      if (to <= from) {
        // Caught up: every log created before the cut is in the buckets now.
        await markFolded(db, QUOTA_DATA_WATERMARK, settledBefore);
        return folded;
      }
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await claimWatermark(trx, QUOTA_DATA_WATERMARK, from, to))) return false;
        for (const bucket of await sumConsumeLogs(trx, from, to)) await addToBucket(trx, bucket);
        return true;
      });
      // Another node took this range: read its new watermark and go on from there.
      if (claimed) folded += to - from;
    }
  }
}
