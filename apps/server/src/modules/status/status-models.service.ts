// GET /api/status/models: per model (and, for admins, per channel) requests, success rate,
// median latency and TTFT and per-interval success over a window. Answers are cached briefly:
// the page is public and the buckets change at most once per flush.
import {
  STATUS_WINDOW_SHAPES,
  type StatusBucket,
  type StatusFigures,
  type StatusModelRow,
  type StatusModelsReply,
  type StatusWindow,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { BIN_COUNT, medianOf } from './outcome-histogram';
import { channelNames, readWindow, type SlotRow } from './outcomes.repository';

export const STATUS_CACHE_MS = 15_000;

interface Tally {
  success: number;
  failure: number;
  lat: number[];
  ttft: number[];
  slots: Map<number, { success: number; failure: number }>;
}

const newTally = (): Tally => ({
  success: 0,
  failure: 0,
  lat: new Array<number>(BIN_COUNT).fill(0),
  ttft: new Array<number>(BIN_COUNT).fill(0),
  slots: new Map(),
});

function add(tally: Tally, row: SlotRow): void {
  tally.success += row.success;
  tally.failure += row.failure;
  row.lat.forEach((count, bin) => {
    tally.lat[bin] = (tally.lat[bin] ?? 0) + count;
  });
  row.ttft.forEach((count, bin) => {
    tally.ttft[bin] = (tally.ttft[bin] ?? 0) + count;
  });
  const slot = tally.slots.get(row.slot) ?? { success: 0, failure: 0 };
  slot.success += row.success;
  slot.failure += row.failure;
  tally.slots.set(row.slot, slot);
}

const rate = (success: number, failure: number): number | null =>
  success + failure === 0 ? null : Math.round((success / (success + failure)) * 10_000) / 10_000;

function figures(tally: Tally, start: number, interval: number, slots: number): StatusFigures {
  const buckets: StatusBucket[] = Array.from({ length: slots }, (_, index) => {
    const slot = tally.slots.get(index) ?? { success: 0, failure: 0 };
    return {
      start: start + index * interval,
      requests: slot.success + slot.failure,
      success_rate: rate(slot.success, slot.failure),
    };
  });
  return {
    requests: tally.success + tally.failure,
    success_rate: rate(tally.success, tally.failure),
    p50_ms: medianOf(tally.lat),
    ttft_p50_ms: medianOf(tally.ttft),
    buckets,
  };
}

export class StatusModelsService {
  private readonly cache = new Map<
    string,
    { expiresMs: number; reply: Promise<StatusModelsReply> }
  >();

  constructor(
    private readonly db: Db,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** `admin` adds the per-channel rows with channel names; guests and users never get them. */
  models(window: StatusWindow, admin: boolean): Promise<StatusModelsReply> {
    const key = `${window}|${admin}`;
    const now = this.nowMs();
    const cached = this.cache.get(key);
    if (cached && cached.expiresMs > now) return cached.reply;
    const reply = this.compute(window, admin, now);
    this.cache.set(key, { expiresMs: now + STATUS_CACHE_MS, reply });
    reply.catch(() => this.cache.delete(key));
    return reply;
  }

  private async compute(
    window: StatusWindow,
    admin: boolean,
    nowMs: number,
  ): Promise<StatusModelsReply> {
    const { span, interval } = STATUS_WINDOW_SHAPES[window];
    const now = Math.floor(nowMs / 1000);
    // Intervals are aligned to their length, the last one holding now.
    const end = now - (now % interval) + interval;
    const start = end - span;
    const slots = span / interval;
    const rows = await readWindow(this.db, start, interval);
    const models = new Map<string, { total: Tally; channels: Map<number, Tally> }>();
    for (const row of rows) {
      let model = models.get(row.model_name);
      if (!model) {
        model = { total: newTally(), channels: new Map() };
        models.set(row.model_name, model);
      }
      add(model.total, row);
      // Channel 0: gateway refusals before any upstream call, the model's alone.
      if (admin && row.channel_id !== 0) {
        const channel = model.channels.get(row.channel_id) ?? newTally();
        add(channel, row);
        model.channels.set(row.channel_id, channel);
      }
    }
    const names = admin
      ? await channelNames(this.db, [...new Set(rows.map((row) => row.channel_id))].filter(Boolean))
      : new Map<number, string>();
    const list: StatusModelRow[] = [...models.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([model_name, model]) => {
        const row: StatusModelRow = { model_name, ...figures(model.total, start, interval, slots) };
        if (admin) {
          row.channels = [...model.channels.entries()]
            .sort(([a], [b]) => a - b)
            .map(([channel_id, tally]) => ({
              channel_id,
              channel_name: names.get(channel_id) ?? '',
              ...figures(tally, start, interval, slots),
            }));
        }
        return row;
      });
    return { window, interval_seconds: interval, generated_at: now, models: list };
  }
}
