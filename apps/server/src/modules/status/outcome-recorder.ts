// Records every relay outcome per model, channel and minute. recordOutcome() only adds to a map
// in memory (no I/O on the request path); a timer writes the map as one upsert batch every few
// seconds, and close() writes what is left. Several nodes add to the same rows.
import type { Db } from '../../db/database';
import { BIN_COUNT, binOf } from './outcome-histogram';
import { addBuckets, type BucketCounts, pruneBuckets } from './outcomes.repository';

export interface Outcome {
  /** The model the caller asked for (what the status page lists). */
  model: string;
  /** The channel that answered or failed; 0 when none was reached. */
  channelId: number;
  success: boolean;
  /** Whole request time in ms. */
  latencyMs: number;
  /** Time to the first streamed byte in ms (streams only). */
  ttftMs?: number | undefined;
  /** Unix ms of the outcome (default: now). */
  atMs?: number;
}

export const FLUSH_INTERVAL_MS = 5000;
/** Buckets older than this are deleted (the longest window is 7 days). */
const KEEP_SECONDS = 8 * 86_400;
const PRUNE_EVERY_MS = 3600_000;

export class OutcomeRecorder {
  private pending = new Map<string, BucketCounts>();
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly nowMs: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  recordOutcome(outcome: Outcome): void {
    const minute = Math.floor((outcome.atMs ?? this.nowMs()) / 60_000) * 60;
    const key = `${minute}|${outcome.channelId}|${outcome.model}`;
    let bucket = this.pending.get(key);
    if (!bucket) {
      bucket = {
        minute,
        model_name: outcome.model.slice(0, 191),
        channel_id: outcome.channelId,
        success: 0,
        failure: 0,
        latency_sum: 0,
        ttft_count: 0,
        lat: new Array<number>(BIN_COUNT).fill(0),
        ttft: new Array<number>(BIN_COUNT).fill(0),
      };
      this.pending.set(key, bucket);
    }
    if (outcome.success) bucket.success += 1;
    else bucket.failure += 1;
    const latency = Math.max(0, Math.round(outcome.latencyMs));
    bucket.latency_sum += latency;
    // Latency medians describe answered requests; a failure counts only against the success rate.
    if (outcome.success) {
      bucket.lat[binOf(latency)] = (bucket.lat[binOf(latency)] ?? 0) + 1;
      if (outcome.ttftMs !== undefined && outcome.ttftMs >= 0) {
        const bin = binOf(outcome.ttftMs);
        bucket.ttft[bin] = (bucket.ttft[bin] ?? 0) + 1;
        bucket.ttft_count += 1;
      }
    }
  }

  /** Writes what was recorded since the last flush (flushes never overlap). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await addBuckets(this.db, batch);
        const now = this.nowMs();
        if (now - this.lastPrune >= PRUNE_EVERY_MS) {
          this.lastPrune = now;
          await pruneBuckets(this.db, Math.floor(now / 1000) - KEEP_SECONDS);
        }
      } catch (error) {
        this.onError(error);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
