// Counters for the sliding-window rate limiter: in memory, or in Redis so nodes share them (with
// this node's memory standing in while Redis is away).
import { type RedisClient, recordRedisFallback, redisAvailable, withTimeout } from '../lib/redis';

/** Hits in the current fixed window (this one included) and in the window before it. */
export interface WindowCounts {
  current: number;
  previous: number;
}

export interface RateLimitStore {
  hit(key: string, windowIndex: number, windowMs: number): Promise<WindowCounts>;
}

const SWEEP_EVERY_MS = 60_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<
    string,
    { windowIndex: number; windowMs: number; count: number }
  >();
  private lastSweep = Date.now();

  async hit(key: string, windowIndex: number, windowMs: number): Promise<WindowCounts> {
    this.sweep();
    const currentKey = `${key}:${windowIndex}`;
    const entry = this.counts.get(currentKey) ?? { windowIndex, windowMs, count: 0 };
    entry.count += 1;
    this.counts.set(currentKey, entry);
    const previous = this.counts.get(`${key}:${windowIndex - 1}`)?.count ?? 0;
    return { current: entry.count, previous };
  }

  /** Drops windows that can no longer count (older than the previous one). */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counts) {
      if (Math.floor(now / entry.windowMs) - entry.windowIndex > 1) this.counts.delete(key);
    }
  }
}

/** A rate-limit check never waits longer than this for Redis before counting locally. */
export const REDIS_RATE_LIMIT_TIMEOUT_MS = 100;

/**
 * Counts in Redis while it answers; during an outage (disconnected, or slower than
 * REDIS_RATE_LIMIT_TIMEOUT_MS) counts in this node's memory instead, so a Redis outage costs a
 * request nothing and limits still hold per node.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly fallback: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  async hit(key: string, windowIndex: number, windowMs: number): Promise<WindowCounts> {
    if (!redisAvailable(this.redis)) return this.local(key, windowIndex, windowMs);
    try {
      return await withTimeout(
        this.shared(key, windowIndex, windowMs),
        REDIS_RATE_LIMIT_TIMEOUT_MS,
        'redis rate-limit count',
      );
    } catch {
      return this.local(key, windowIndex, windowMs);
    }
  }

  private local(key: string, windowIndex: number, windowMs: number): Promise<WindowCounts> {
    recordRedisFallback(this.redis, 'rate_limit');
    return this.fallback.hit(key, windowIndex, windowMs);
  }

  private async shared(key: string, windowIndex: number, windowMs: number) {
    const currentKey = `${this.prefix}rl:${key}:${windowIndex}`;
    const previousKey = `${this.prefix}rl:${key}:${windowIndex - 1}`;
    // MULTI/EXEC: the increment, its expiry and the read of the previous window are atomic.
    const results = await this.redis
      .multi()
      .incr(currentKey)
      .pexpire(currentKey, windowMs * 2)
      .get(previousKey)
      .exec();
    if (!results) throw new Error('rate-limit transaction aborted');
    const [incr, , previous] = results;
    if (incr?.[0]) throw incr[0];
    return { current: Number(incr?.[1] ?? 0), previous: Number(previous?.[1] ?? 0) };
  }
}
