// Automatic enable (AutomaticEnableChannelEnabled): channels the gateway disabled itself are
// tested again with their test model on a back-off and enabled when they answer. The wait after
// a failed test grows with how long the channel has been disabled (base, then about doubling, at
// most MAX_BACKOFF_SECONDS). Of several nodes one runs each test: it claims it by moving the
// channel's test_time from the value it read (a guarded UPDATE).

import type { Db } from '../../db/database';
import {
  type ChannelRow,
  claimChannelRetest,
  listAutoDisabled,
} from '../../relay/relay.repository';
import type { OptionsStore } from '../options/options.store';
import type { ChannelTester } from './channel-test';

/** Longest wait between two tests of a channel that stays down. */
export const MAX_BACKOFF_SECONDS = 30 * 60;

export interface RetesterDeps {
  db: Db;
  options: OptionsStore;
  tester: ChannelTester;
  /** Unix seconds. */
  now: () => number;
  /** First wait after the disable, and the shortest between tests (CHANNEL_RETEST_SECONDS). */
  baseSeconds: number;
  warn: (error: unknown) => void;
}

/** When the channel is due for its next test (unix seconds). */
export function retestDueAt(
  channel: Pick<ChannelRow, 'other_info'> & { test_time: number },
  baseSeconds: number,
): number {
  const disabledAt = statusTime(channel.other_info);
  const lastTest = Number(channel.test_time);
  if (lastTest <= disabledAt) return disabledAt + baseSeconds;
  const down = lastTest - disabledAt;
  return lastTest + Math.min(MAX_BACKOFF_SECONDS, Math.max(baseSeconds, down));
}

function statusTime(raw: string | null): number {
  if (!raw) return 0;
  try {
    const info = JSON.parse(raw) as { status_time?: unknown };
    return typeof info.status_time === 'number' ? info.status_time : 0;
  } catch {
    return 0;
  }
}

export class ChannelRetester {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: RetesterDeps) {}

  /** Looks for due channels every third of the base wait (at least every second). */
  start(): void {
    const every = Math.max(1000, (this.deps.baseSeconds * 1000) / 3);
    this.timer = setInterval(() => {
      this.running ??= this.round()
        .then(() => undefined, this.deps.warn)
        .finally(() => {
          this.running = undefined;
        });
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Tests every due auto-disabled channel this node claims; returns how many it tested. */
  async round(): Promise<number> {
    const { db, options, tester, now, baseSeconds } = this.deps;
    if (!options.getBool('AutomaticEnableChannelEnabled')) return 0;
    let tested = 0;
    for (const channel of await listAutoDisabled(db)) {
      const at = now();
      if (at < retestDueAt(channel, baseSeconds)) continue;
      if (!(await claimChannelRetest(db, channel.id, Number(channel.test_time), at))) continue;
      // A success enables it (ChannelHealth.reenable); a failure only records the test time.
      await tester.testChannel(channel);
      tested += 1;
    }
    return tested;
  }
}
