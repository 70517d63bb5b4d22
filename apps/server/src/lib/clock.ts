// Time source in unix seconds, injectable so tests can move time.

export interface Clock {
  /** Current time in whole unix seconds. */
  now(): number;
  /** Current time in unix ms, where a caller needs sub-second time (rate limits). */
  nowMs?(): number;
}

export const systemClock: Clock = {
  now: () => Math.floor(Date.now() / 1000),
  nowMs: () => Date.now(),
};

/** Unix ms from a clock: its own ms when it has them, else its seconds. */
export const nowMsOf = (clock: Clock): number => clock.nowMs?.() ?? clock.now() * 1000;
