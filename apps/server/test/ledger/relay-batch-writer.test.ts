// The settlement queue's batch writer, driven by an injected clock: batches merge while one is
// being written, an unreachable database defers and retries, one bad row loses no other.
import { describe, expect, it } from 'vitest';
import type { Settlement } from '../../src/ledger/settlement-plan';
import {
  type BatchWriter,
  type QueueTimers,
  SettlementDeferred,
  SettlementQueue,
} from '../../src/ledger/settlement-queue';

/** Timers that run only when the test advances the clock. */
class ManualClock implements QueueTimers {
  now = 0;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private next = 1;

  set(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, callback });
    return id;
  }

  clear(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Moves the clock and runs the timers that fall due, then lets promises settle. */
  async advance(ms: number): Promise<void> {
    this.now += ms;
    for (const [id, timer] of [...this.timers]) {
      if (timer.at <= this.now) {
        this.timers.delete(id);
        timer.callback();
      }
    }
    await settle();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

let sequence = 0;
const settlement = (cost = 10): Settlement => ({
  id: `s${++sequence}`,
  userId: 1,
  tokenId: 1,
  channelId: 1,
  reserved: 20,
  cost,
  countRequest: true,
  log: null,
  now: 0,
});

/** A writer whose calls the test answers one by one. */
function controlledWriter() {
  const calls: {
    batch: readonly Settlement[];
    resolve: (v: (number | null)[]) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const writer: BatchWriter = (batch) =>
    new Promise((resolve, reject) => {
      calls.push({ batch, resolve, reject });
    });
  return { writer, calls };
}

describe('the settlement batch writer', () => {
  it('waits one window, then merges everything that arrives while a batch is written', async () => {
    const clock = new ManualClock();
    const { writer, calls } = controlledWriter();
    const queue = new SettlementQueue(writer, 5, clock);
    const first = [queue.add(settlement()), queue.add(settlement()), queue.add(settlement())];
    expect(clock.pending).toBe(1);
    await clock.advance(4);
    expect(calls).toHaveLength(0);
    await clock.advance(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.batch).toHaveLength(3);

    // While the first batch is being written, 50 more arrive over 40 ms: no timer, no batch.
    const second: Promise<number | null>[] = [];
    for (let i = 0; i < 50; i += 1) {
      second.push(queue.add(settlement()));
      if (i % 10 === 0) await clock.advance(8);
    }
    expect(calls).toHaveLength(1);
    expect(queue.size).toBe(53);
    calls[0]?.resolve([10, 10, 10]);
    expect(await Promise.all(first)).toEqual([10, 10, 10]);
    await settle();
    // The 50 went out as one batch as soon as the writer was free.
    expect(calls).toHaveLength(2);
    expect(calls[1]?.batch).toHaveLength(50);
    calls[1]?.resolve(calls[1].batch.map(() => 10));
    expect(await Promise.all(second)).toHaveLength(50);
    expect(queue.stats).toMatchObject({ batches: 2, written: 53, maxBacklog: 53 });
  });

  it('passes on a settlement that was already applied (null)', async () => {
    const clock = new ManualClock();
    const queue = new SettlementQueue(async (batch) => batch.map(() => null), 5, clock);
    const result = queue.add(settlement());
    await clock.advance(5);
    expect(await result).toBeNull();
  });

  it('keeps a batch the database refused and retries it with a growing wait', async () => {
    const clock = new ManualClock();
    let attempts = 0;
    const written: string[] = [];
    const queue = new SettlementQueue(
      async (batch) => {
        attempts += 1;
        if (attempts <= 2) throw Object.assign(new Error('terminated'), { code: '57P01' });
        written.push(...batch.map((s) => s.id));
        return batch.map(() => 10);
      },
      5,
      clock,
    );
    const a = settlement();
    const told = queue.add(a).catch((error: unknown) => error);
    await clock.advance(5);
    expect(await told).toBeInstanceOf(SettlementDeferred);
    expect(queue.has(a.id)).toBe(true);
    await clock.advance(99);
    expect(attempts).toBe(1);
    await clock.advance(1);
    expect(attempts).toBe(2);
    // Second failure: the wait doubles.
    await clock.advance(199);
    expect(attempts).toBe(2);
    await clock.advance(1);
    expect(attempts).toBe(3);
    expect(written).toEqual([a.id]);
    expect(queue.has(a.id)).toBe(false);
    expect(queue.stats.retries).toBe(2);
  });

  it('writes the others when one settlement cannot be written at all', async () => {
    const clock = new ManualClock();
    const bad = settlement(13);
    const queue = new SettlementQueue(
      async (batch) => {
        if (batch.some((s) => s.id === bad.id)) throw new Error('NOT NULL constraint failed');
        return batch.map((s) => s.cost);
      },
      5,
      clock,
    );
    const results = [settlement(1), bad, settlement(3)].map((s) =>
      queue.add(s).then(
        (charged) => charged,
        () => 'failed',
      ),
    );
    await clock.advance(5);
    expect(await Promise.all(results)).toEqual([1, 'failed', 3]);
    expect(queue.size).toBe(0);
  });

  it('flush writes what is waiting at once', async () => {
    const clock = new ManualClock();
    const queue = new SettlementQueue(async (batch) => batch.map(() => 7), 60_000, clock);
    const result = queue.add(settlement());
    await queue.flush();
    expect(await result).toBe(7);
    expect(clock.pending).toBe(0);
  });

  it('keeps writing settlements that arrive after a flush of an empty queue (shutdown)', async () => {
    const clock = new ManualClock();
    const queue = new SettlementQueue(async (batch) => batch.map(() => 5), 5, clock);
    await queue.flush();
    const result = queue.add(settlement());
    expect(clock.pending).toBe(1);
    await clock.advance(5);
    expect(await result).toBe(5);
    expect(queue.size).toBe(0);
  });
});
