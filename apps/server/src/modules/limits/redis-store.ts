// Limits in Redis, shared by every node. One Lua script checks all of a request's counters and
// slots and commits all or none in a single round trip; rate-limiter-flexible consumes one key
// per call, so a request limited by token rpm, token tpm, group rpm/tpm and concurrency would
// need several round trips and compensations that let concurrent requests see half-taken state.
import type { RedisClient } from '../../lib/redis';
import {
  type AcquireRequest,
  type AcquireResult,
  counterKey,
  type LimitStore,
  windowStart,
} from './limit-store';

// KEYS: counter keys, then slot keys. ARGV: now, lease id, #counters, then (limit, cost, ttl) per
// counter and (limit, ttl) per slot. Returns {refusedBy (0 = admitted, else 1-based), used…}.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local lease = ARGV[2]
local nc = tonumber(ARGV[3])
local used = {}
local refused = 0
for i = 1, nc do
  local base = 3 + (i - 1) * 3
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  used[i] = current
  if refused == 0 and current + tonumber(ARGV[base + 2]) > tonumber(ARGV[base + 1]) then
    refused = i
  end
end
local slotBase = 3 + nc * 3
for j = nc + 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[j], '-inf', now)
  local arg = slotBase + (j - nc - 1) * 2
  if refused == 0 and redis.call('ZCARD', KEYS[j]) >= tonumber(ARGV[arg + 1]) then
    refused = j
  end
end
if refused == 0 then
  for i = 1, nc do
    local base = 3 + (i - 1) * 3
    used[i] = redis.call('INCRBY', KEYS[i], ARGV[base + 2])
    redis.call('PEXPIRE', KEYS[i], ARGV[base + 3])
  end
  for j = nc + 1, #KEYS do
    local arg = slotBase + (j - nc - 1) * 2
    redis.call('ZADD', KEYS[j], now + tonumber(ARGV[arg + 2]), lease)
    redis.call('PEXPIRE', KEYS[j], ARGV[arg + 2])
  end
end
local reply = { refused }
for i = 1, nc do reply[i + 1] = used[i] end
return reply
`;

// Corrects a counter only while its window still exists; never below zero.
const ADJUST = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if value < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') end
return 1
`;

type Scripted = RedisClient & {
  limitsAcquire(...args: (string | number)[]): Promise<number[]>;
  limitsAdjust(key: string, delta: number): Promise<number>;
};

export class RedisLimitStore implements LimitStore {
  private readonly redis: Scripted;

  /** `prefix` namespaces the keys (the server's REDIS_PREFIX). */
  constructor(
    redis: RedisClient,
    private readonly prefix = 'sy:',
  ) {
    // defineCommand caches the script by its SHA (EVALSHA, falling back to EVAL once).
    if (!('limitsAcquire' in redis)) {
      redis.defineCommand('limitsAcquire', { lua: ACQUIRE });
      redis.defineCommand('limitsAdjust', { lua: ADJUST, numberOfKeys: 1 });
    }
    this.redis = redis as Scripted;
  }

  async acquire(request: AcquireRequest): Promise<AcquireResult> {
    const { nowMs } = request;
    const keys: string[] = [];
    const args: (string | number)[] = [nowMs, request.leaseId, request.counters.length];
    const resets: number[] = [];
    for (const check of request.counters) {
      const start = windowStart(nowMs, check.windowMs);
      keys.push(`${this.prefix}limits:${counterKey(check.key, start)}`);
      // The key outlives its window a little so a late settlement can still correct it.
      args.push(check.limit, check.cost, check.windowMs * 2);
      resets.push(start + check.windowMs);
    }
    for (const check of request.slots) {
      keys.push(`${this.prefix}limits:${check.key}`);
      args.push(check.limit, check.ttlMs);
    }
    const reply = await this.redis.limitsAcquire(keys.length, ...keys, ...args);
    const counters = request.counters.map((_, index) => ({
      used: Number(reply[index + 1]),
      resetMs: resets[index] as number,
    }));
    const refused = Number(reply[0]);
    return refused === 0 ? { ok: true, counters } : { ok: false, counters, refusedBy: refused - 1 };
  }

  async adjust(key: string, _windowMs: number, windowStartMs: number, delta: number) {
    if (delta === 0) return;
    await this.redis.limitsAdjust(`${this.prefix}limits:${counterKey(key, windowStartMs)}`, delta);
  }

  async releaseSlots(keys: readonly string[], leaseId: string): Promise<void> {
    if (keys.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.zrem(`${this.prefix}limits:${key}`, leaseId);
    await pipeline.exec();
  }

  async renewSlots(keys: readonly string[], leaseId: string, untilMs: number): Promise<void> {
    if (keys.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const key of keys) {
      const full = `${this.prefix}limits:${key}`;
      // XX: a lease already released (or expired and swept) is not brought back.
      pipeline.zadd(full, 'XX', untilMs, leaseId);
      pipeline.pexpireat(full, untilMs);
    }
    await pipeline.exec();
  }
}
