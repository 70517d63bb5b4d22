// Limits in Redis with this node's own count as insurance: while Redis is down (or slow) a
// request is checked and counted here instead of failing, the way rate-limiter-flexible's
// insurance limiter does for one key. Slots taken here are released here; slots in Redis are
// short leases renewed while their request runs, so one whose release (or whose very take, a
// command that reached Redis after the client gave up on it) was lost in an outage lapses within
// a lease instead of holding the token's concurrency for good.
import {
  type RedisClient,
  recordRedisFallback,
  redisAvailable,
  withTimeout,
} from '../../lib/redis';
import type { AcquireRequest, AcquireResult, LimitStore } from './limit-store';
import { LocalLimitStore } from './local-store';
import type { RedisLimitStore } from './redis-store';

/** A limiter call waits no longer than this for Redis before counting here. */
export const LIMITS_REDIS_TIMEOUT_MS = 250;

export class FallbackLimitStore implements LimitStore {
  private readonly local = new LocalLimitStore();
  /** Leases whose slots were taken here (released and renewed here too). */
  private readonly localLeases = new Set<string>();

  constructor(
    private readonly redis: RedisClient,
    private readonly shared: RedisLimitStore,
  ) {}

  /** Runs the Redis call when Redis is up, bounded; undefined when it is not or the call failed. */
  private async tryShared<T>(call: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (!redisAvailable(this.redis)) return undefined;
    try {
      return { value: await withTimeout(call(), LIMITS_REDIS_TIMEOUT_MS, 'redis limits') };
    } catch {
      return undefined;
    }
  }

  async acquire(request: AcquireRequest): Promise<AcquireResult> {
    const shared = await this.tryShared(() => this.shared.acquire(request));
    if (shared) return shared.value;
    recordRedisFallback(this.redis, 'limits');
    const result = await this.local.acquire(request);
    if (result.ok && request.slots.length > 0) this.localLeases.add(request.leaseId);
    return result;
  }

  async adjust(key: string, windowMs: number, windowStartMs: number, delta: number) {
    // Whichever holds the window's counter corrects it; the other has none (a no-op).
    await this.local.adjust(key, windowMs, windowStartMs, delta);
    await this.tryShared(() => this.shared.adjust(key, windowMs, windowStartMs, delta));
  }

  async releaseSlots(keys: readonly string[], leaseId: string): Promise<void> {
    if (this.localLeases.delete(leaseId)) return this.local.releaseSlots(keys, leaseId);
    await this.tryShared(() => this.shared.releaseSlots(keys, leaseId));
  }

  async renewSlots(keys: readonly string[], leaseId: string, untilMs: number): Promise<void> {
    if (this.localLeases.has(leaseId)) return this.local.renewSlots(keys, leaseId, untilMs);
    await this.tryShared(() => this.shared.renewSlots(keys, leaseId, untilMs));
  }
}
