// Where conversation → channel bindings live: this node's memory, or Redis when the nodes share
// one (every node then sends a conversation to the same channel). An outage of Redis falls back
// to this node's memory at once, the way the limits do (modules/limits/fallback-store.ts).
import {
  type RedisClient,
  recordRedisFallback,
  redisAvailable,
  withTimeout,
} from '../../lib/redis';

/** A conversation's channel and when it was bound (ms), so a busy binding is not rewritten per request. */
export interface AffinityEntry {
  channelId: number;
  boundAtMs: number;
}

export interface AffinityStore {
  get(key: string): Promise<AffinityEntry | undefined>;
  set(key: string, entry: AffinityEntry, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Bindings kept in one node's memory at most (oldest forgotten first): ~100 B each. */
const LOCAL_ENTRIES = 100_000;

export class LocalAffinityStore implements AffinityStore {
  private readonly entries = new Map<string, AffinityEntry & { expiresAtMs: number }>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  async get(key: string): Promise<AffinityEntry | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= this.nowMs()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: AffinityEntry, ttlMs: number): Promise<void> {
    // Re-inserted at the end: the Map's order is the order of last binding, oldest first.
    this.entries.delete(key);
    if (this.entries.size >= LOCAL_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...entry, expiresAtMs: this.nowMs() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** A lookup waits no longer than this for Redis before the request is routed without it. */
export const AFFINITY_REDIS_TIMEOUT_MS = 100;

/** Bindings in Redis (`<prefix>aff:<key>` = `<channel id>:<bound at ms>`, expiring). */
export class RedisAffinityStore implements AffinityStore {
  private readonly local: LocalAffinityStore;

  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    nowMs: () => number = Date.now,
  ) {
    this.prefix = `${prefix}aff:`;
    this.local = new LocalAffinityStore(nowMs);
  }

  private async shared<T>(call: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (!redisAvailable(this.redis)) {
      recordRedisFallback(this.redis, 'affinity');
      return undefined;
    }
    try {
      return { value: await withTimeout(call(), AFFINITY_REDIS_TIMEOUT_MS, 'redis affinity') };
    } catch {
      return undefined;
    }
  }

  async get(key: string): Promise<AffinityEntry | undefined> {
    const found = await this.shared(() => this.redis.get(this.prefix + key));
    if (!found) return this.local.get(key);
    if (found.value === null) return undefined;
    const [channel, bound] = found.value.split(':');
    const channelId = Number(channel);
    return Number.isInteger(channelId) ? { channelId, boundAtMs: Number(bound) || 0 } : undefined;
  }

  async set(key: string, entry: AffinityEntry, ttlMs: number): Promise<void> {
    const value = `${entry.channelId}:${entry.boundAtMs}`;
    const done = await this.shared(() => this.redis.set(this.prefix + key, value, 'PX', ttlMs));
    if (!done) await this.local.set(key, entry, ttlMs);
  }

  async delete(key: string): Promise<void> {
    // Both: a binding made here during an outage must not outlive the failure either.
    await this.local.delete(key);
    await this.shared(() => this.redis.del(this.prefix + key));
  }
}
