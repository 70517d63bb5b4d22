// Redis connections (optional): one for commands, one for pub/sub. Start-up fails fast when Redis
// is down; an outage later degrades fast: callers check `redisAvailable` and fall back locally
// instead of queueing behind reconnects, each command is bounded by a timeout, and the outage is
// logged once when it starts and once when it ends.
import type { Redis } from 'ioredis';

export type RedisClient = Redis;

type Log = { warn(object: { err: unknown }, message: string): void };

/** No command waits longer than this for Redis (the rate limiter uses a shorter bound). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Operations served locally during an outage, by name, per client (read by /metrics). */
const fallbacks = new WeakMap<Redis, Map<string, number>>();

/** Connects and pings; throws with a clear message when Redis cannot be reached. */
export async function connectRedis(url: string, log: Log): Promise<Redis> {
  let lastError: unknown;
  // Loaded only when REDIS_URL is set (~6 MB a single node does not need).
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  let down = false;
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  // Reconnects happen in the background ('reconnecting' never follows a deliberate quit): one
  // line when an outage starts, one when it ends, never one per retry.
  client.on('reconnecting', () => {
    if (down) return;
    down = true;
    log.warn(
      { err: lastError },
      'redis unavailable; rate limits are counted per node until it returns',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn({ err: undefined }, 'redis is reachable again');
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const cause = lastError ?? error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Redis at ${redactUrl(url)} is not reachable: ${reason}`, { cause });
  }
  fallbacks.set(client, new Map());
  return client;
}

/** True while the connection is up; callers fall back at once otherwise. */
export function redisAvailable(client: Redis): boolean {
  return client.status === 'ready';
}

/** Counts one operation served locally because Redis was not available. */
export function recordRedisFallback(client: Redis, operation: string): void {
  const counts = fallbacks.get(client) ?? new Map<string, number>();
  counts.set(operation, (counts.get(operation) ?? 0) + 1);
  fallbacks.set(client, counts);
}

export function redisFallbackCounts(client: Redis): ReadonlyMap<string, number> {
  return fallbacks.get(client) ?? new Map();
}

/** Resolves with the promise's value, or rejects after `ms` (the command keeps running). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The URL without its password, for log lines. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid url)';
  }
}
