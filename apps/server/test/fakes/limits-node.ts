// One "node" of the two-process limiter test: its own database pool and Redis connection, the
// server's own limiter; fires BURST admissions at START_AT (wall clock ms) and prints the count.
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { connectRedis } from '../../src/lib/redis';
import { createLimits } from '../../src/modules/limits';
import type { TokenLimits } from '../../src/modules/limits/window.repository';
import { OptionsStore } from '../../src/modules/options/options.store';

const config = loadConfig(process.env);
const database = createDatabase(config);
const redis = await connectRedis(config.redisUrl ?? '', { warn: () => undefined });
const options = new OptionsStore(database.db);
await options.load();
const nowMs = Number(process.env.CLOCK_MS);
const limits = createLimits({
  db: database.db,
  options,
  clock: { now: () => Math.floor(nowMs / 1000), nowMs: () => nowMs },
  redis,
  redisPrefix: config.redisPrefix,
});
const token = JSON.parse(process.env.TOKEN ?? '{}') as TokenLimits;
const burst = Number(process.env.BURST);
await new Promise((resolve) =>
  setTimeout(resolve, Math.max(0, Number(process.env.START_AT) - Date.now())),
);
const results = await Promise.all(
  Array.from({ length: burst }, () =>
    limits.admit({
      token,
      userId: Number(process.env.USER_ID),
      group: 'default',
      estimatedTokens: 10,
      estimatedQuota: Number(process.env.ESTIMATED_QUOTA ?? 0),
    }),
  ),
);
const leases = results.flatMap((result) => (result.admitted ? [result.lease] : []));
if (process.env.SETTLE_QUOTA) {
  await Promise.all(leases.map((lease) => lease.settle(10, Number(process.env.SETTLE_QUOTA))));
}
process.stdout.write(JSON.stringify({ admitted: leases.length }));
redis.disconnect();
await database.close();
