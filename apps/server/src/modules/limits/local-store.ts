// Limits held in this process: exact on one node because the check-and-commit runs without
// yielding to the event loop. Expired windows and leases are swept as they are met.
import {
  type AcquireRequest,
  type AcquireResult,
  type CounterState,
  counterKey,
  type LimitStore,
  windowStart,
} from './limit-store';

interface Counter {
  used: number;
  expiresMs: number;
}

/** Sweep the maps every this many acquisitions so idle keys do not pile up. */
const SWEEP_EVERY = 10_000;

export class LocalLimitStore implements LimitStore {
  private readonly counters = new Map<string, Counter>();
  /** Slot key → lease id → lease expiry (ms). */
  private readonly slots = new Map<string, Map<string, number>>();
  private acquisitions = 0;

  async acquire(request: AcquireRequest): Promise<AcquireResult> {
    const { nowMs } = request;
    this.acquisitions += 1;
    if (this.acquisitions % SWEEP_EVERY === 0) this.sweep(nowMs);
    const states: CounterState[] = [];
    let refusedBy = -1;
    request.counters.forEach((check, index) => {
      const start = windowStart(nowMs, check.windowMs);
      const counter = this.counters.get(counterKey(check.key, start));
      const used = counter && counter.expiresMs > nowMs ? counter.used : 0;
      states.push({ used, resetMs: start + check.windowMs });
      if (refusedBy < 0 && used + check.cost > check.limit) refusedBy = index;
    });
    request.slots.forEach((check, index) => {
      const leases = this.liveLeases(check.key, nowMs);
      if (refusedBy < 0 && (leases?.size ?? 0) >= check.limit) {
        refusedBy = request.counters.length + index;
      }
    });
    if (refusedBy >= 0) return { ok: false, counters: states, refusedBy };

    request.counters.forEach((check, index) => {
      const start = windowStart(nowMs, check.windowMs);
      const key = counterKey(check.key, start);
      const state = states[index] as CounterState;
      state.used += check.cost;
      this.counters.set(key, { used: state.used, expiresMs: start + check.windowMs });
    });
    for (const check of request.slots) {
      let leases = this.slots.get(check.key);
      if (!leases) {
        leases = new Map();
        this.slots.set(check.key, leases);
      }
      leases.set(request.leaseId, nowMs + check.ttlMs);
    }
    return { ok: true, counters: states };
  }

  async adjust(key: string, _windowMs: number, windowStartMs: number, delta: number) {
    const counter = this.counters.get(counterKey(key, windowStartMs));
    if (counter) counter.used = Math.max(0, counter.used + delta);
  }

  async releaseSlots(keys: readonly string[], leaseId: string): Promise<void> {
    for (const key of keys) {
      const leases = this.slots.get(key);
      leases?.delete(leaseId);
      if (leases?.size === 0) this.slots.delete(key);
    }
  }

  async renewSlots(keys: readonly string[], leaseId: string, untilMs: number): Promise<void> {
    for (const key of keys) {
      const leases = this.slots.get(key);
      if (leases?.has(leaseId)) leases.set(leaseId, untilMs);
    }
  }

  private liveLeases(key: string, nowMs: number): Map<string, number> | undefined {
    const leases = this.slots.get(key);
    if (!leases) return undefined;
    for (const [id, expiresMs] of leases) if (expiresMs <= nowMs) leases.delete(id);
    return leases;
  }

  private sweep(nowMs: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.expiresMs <= nowMs) this.counters.delete(key);
    }
    for (const key of [...this.slots.keys()]) {
      if (this.liveLeases(key, nowMs)?.size === 0) this.slots.delete(key);
    }
  }
}
