// Where the per-minute counters and the concurrency slots live: in this process (exact on one
// node) or in Redis (atomic across nodes). Both check every limit of a request and commit all of
// them or none, so a refusal by one limit never consumes another.

/** A fixed one-window counter (rpm, tpm): admitted while `used + cost <= limit`. */
export interface CounterCheck {
  key: string;
  limit: number;
  cost: number;
  windowMs: number;
}

/** A concurrency slot: admitted while fewer than `limit` leases are held. */
export interface SlotCheck {
  key: string;
  limit: number;
  /** A lease that is never released (a crashed node) expires after this long. */
  ttlMs: number;
}

export interface AcquireRequest {
  counters: readonly CounterCheck[];
  slots: readonly SlotCheck[];
  leaseId: string;
  nowMs: number;
}

export interface CounterState {
  /** Counted in this window after the request (or before it, when refused). */
  used: number;
  /** Unix ms this counter's window ends. */
  resetMs: number;
}

export type AcquireResult =
  | { ok: true; counters: CounterState[] }
  | {
      ok: false;
      counters: CounterState[];
      /** Index of the refusing check: counters first, then slots. */
      refusedBy: number;
    };

export interface LimitStore {
  acquire(request: AcquireRequest): Promise<AcquireResult>;
  /** Corrects a counter of the window that began at `windowStartMs` (a past window is left). */
  adjust(key: string, windowMs: number, windowStartMs: number, delta: number): Promise<void>;
  releaseSlots(keys: readonly string[], leaseId: string): Promise<void>;
  /** Extends a running request's slots to `untilMs` (slot leases are short and renewed). */
  renewSlots(keys: readonly string[], leaseId: string, untilMs: number): Promise<void>;
}

/** The window a counter is in at `nowMs`: windows are aligned to multiples of their length. */
export const windowStart = (nowMs: number, windowMs: number): number => nowMs - (nowMs % windowMs);

export const counterKey = (key: string, startMs: number): string => `${key}:${startMs}`;
