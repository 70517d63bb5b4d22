// Keeps every node's options current: Redis pub/sub invalidation plus a periodic re-read.
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../../lib/redis';
import type { OptionsStore } from './options.store';

export interface OptionsSyncOptions {
  store: OptionsStore;
  intervalSeconds: number;
  redis?: RedisClient | undefined;
  channel: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Starts syncing; the returned function stops it. */
export async function startOptionsSync(options: OptionsSyncOptions): Promise<() => Promise<void>> {
  const { store, redis, channel, log } = options;
  const reload = () =>
    store.load().catch((error: unknown) => log.warn({ err: error }, 'options reload failed'));

  const timer = setInterval(reload, options.intervalSeconds * 1000);
  timer.unref();

  if (!redis) {
    return async () => clearInterval(timer);
  }

  const subscriber = redis.duplicate();
  subscriber.on('message', (received: string) => {
    if (received === channel) void reload();
  });
  subscriber.on('error', (error: unknown) => log.warn({ err: error }, 'options subscriber error'));
  await subscriber.subscribe(channel);
  store.onChange(async (key) => {
    await redis.publish(channel, key).catch((error: unknown) => {
      log.warn({ err: error }, 'options invalidation publish failed');
    });
  });

  return async () => {
    clearInterval(timer);
    store.onChange(undefined);
    subscriber.disconnect();
  };
}
