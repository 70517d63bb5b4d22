// Everything the server needs before it can answer: database (migrated), root, options, Redis.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createDatabase, type Database, describeDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { type Clock, systemClock } from './lib/clock';
import { connectRedis, type RedisClient } from './lib/redis';
import { ensureOptionDefaults, resolveSessionSecret } from './modules/options/options.setup';
import { OptionsStore } from './modules/options/options.store';
import { startOptionsSync } from './modules/options/options.sync';
import { pingDatabase } from './modules/status/status.repository';
import { ensureRootUser } from './modules/users/root.setup';
import { fillUsernameSkeletons } from './modules/users/skeleton-backfill';

export interface Runtime {
  config: Config;
  database: Database;
  options: OptionsStore;
  redis: RedisClient | undefined;
  sessionSecret: string;
  clock: Clock;
  /** True when this start created the root account. */
  rootCreated: boolean;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Opens the database, migrates, bootstraps root and options, connects Redis, starts option sync. */
export async function createRuntime(
  config: Config,
  log: Log,
  clock: Clock = systemClock,
): Promise<Runtime> {
  const database = createDatabase(config, (error) =>
    log.warn({ err: error }, 'database connection error'),
  );
  let redis: RedisClient | undefined;
  try {
    const { db } = database;
    await pingDatabase(db).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${describeDatabase(config)} is not reachable: ${reason}`, { cause: error });
    });
    await migrateToLatest(db);
    await ensureOptionDefaults(db);
    const rootCreated = await ensureRootUser(db, clock);
    await fillUsernameSkeletons(db);
    const sessionSecret = await resolveSessionSecret(db, config.sessionSecret);
    redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : undefined;
    const options = new OptionsStore(db);
    await options.load();
    const stopSync = await startOptionsSync({
      store: options,
      intervalSeconds: config.syncFrequencySeconds,
      redis,
      channel: `${config.redisPrefix}options:changed`,
      log,
    });
    const connectedRedis = redis;
    return {
      config,
      database,
      options,
      redis,
      sessionSecret,
      clock,
      rootCreated,
      close: async () => {
        await stopSync();
        if (connectedRedis) await connectedRedis.quit().catch(() => connectedRedis.disconnect());
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await database.close();
    throw error;
  }
}
