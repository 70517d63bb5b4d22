// What this node has seen of each channel lately: successes and failures in 10-second buckets
// over five minutes, and when it last answered. Cheap to record on every attempt (a map lookup
// and an increment); read when a plan orders channels and when a failure may disable one.

const BUCKET_MS = 10_000;
const BUCKETS = 30;
/** How far back the stats reach. */
export const STATS_WINDOW_MS = BUCKET_MS * BUCKETS;

interface Bucket {
  start: number;
  ok: number;
  failed: number;
}

interface Record {
  buckets: Bucket[];
  lastSuccessMs: number;
}

export interface Tally {
  ok: number;
  failed: number;
}

export class ChannelStats {
  private readonly channels = new Map<number, Record>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  record(channelId: number, ok: boolean): void {
    const now = this.nowMs();
    let record = this.channels.get(channelId);
    if (!record) {
      record = { buckets: [], lastSuccessMs: 0 };
      this.channels.set(channelId, record);
    }
    const start = now - (now % BUCKET_MS);
    const index = (start / BUCKET_MS) % BUCKETS;
    let bucket = record.buckets[index];
    if (!bucket || bucket.start !== start) {
      bucket = { start, ok: 0, failed: 0 };
      record.buckets[index] = bucket;
    }
    if (ok) {
      bucket.ok += 1;
      record.lastSuccessMs = now;
    } else bucket.failed += 1;
  }

  /** Successes and failures within the last `spanMs` (at most the whole window). */
  tally(channelId: number, spanMs = STATS_WINDOW_MS): Tally {
    const tally = { ok: 0, failed: 0 };
    const record = this.channels.get(channelId);
    if (!record) return tally;
    const since = this.nowMs() - Math.min(spanMs, STATS_WINDOW_MS);
    for (const bucket of record.buckets) {
      if (!bucket || bucket.start + BUCKET_MS <= since) continue;
      tally.ok += bucket.ok;
      tally.failed += bucket.failed;
    }
    return tally;
  }

  /** True when the channel answered within the window. */
  succeededRecently(channelId: number): boolean {
    const last = this.channels.get(channelId)?.lastSuccessMs ?? 0;
    return last > 0 && last > this.nowMs() - STATS_WINDOW_MS;
  }

  /** Forgets a channel (it was disabled or re-enabled: its past says nothing now). */
  reset(channelId: number): void {
    this.channels.delete(channelId);
  }
}
