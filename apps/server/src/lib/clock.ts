// Time source in unix seconds, injectable so tests can move time.

export interface Clock {
  /** Current time in whole unix seconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };
