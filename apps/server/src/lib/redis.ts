// Redis connections (optional): one for commands, one for pub/sub; start-up fails fast when down.
import { Redis } from 'ioredis';

export type RedisClient = Redis;

type Log = { warn(object: { err: unknown }, message: string): void };

/** Connects and pings; throws with a clear message when Redis cannot be reached. */
export async function connectRedis(url: string, log: Log): Promise<Redis> {
  let lastError: unknown;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
  });
  // Reconnects happen in the background; each failure is logged, never thrown at the process.
  client.on('error', (error: unknown) => {
    lastError = error;
    log.warn({ err: error }, 'redis connection error');
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
  return client;
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
