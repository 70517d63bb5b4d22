// What the limiter adds to one relay request: CPU and wall time of admit() + settle() for a token
// with rpm + tpm limits, with rpm + tpm + a daily quota window, and without limits, on one node
// (counters in this process) and with Redis. The window's reserve and settle are two guarded
// UPDATEs on the tokens row (SQLite here). The relay's own per-request cost is in bench/relay.
// Usage: npx tsx bench/limits/admit-bench.ts [--requests 5000] [--redis redis://127.0.0.1:6379]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { loadConfig } from '../../apps/server/src/config';
import type { LimitStore } from '../../apps/server/src/modules/limits/limit-store';
import { LimitsService } from '../../apps/server/src/modules/limits/limits.service';
import { LocalLimitStore } from '../../apps/server/src/modules/limits/local-store';
import { RedisLimitStore } from '../../apps/server/src/modules/limits/redis-store';
import type { TokenLimits } from '../../apps/server/src/modules/limits/window.repository';
import { createRuntime } from '../../apps/server/src/runtime';
import { createUser } from '../../apps/server/test/helpers/factories';
import { createToken } from '../../apps/server/test/helpers/relay-fixtures';
import { writeResult } from '../lib/results.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const REQUESTS = Number(args.requests);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sy-bench-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', SQLITE_PATH: path.join(dir, 'bench.db') });
  const runtime = await createRuntime(config, { warn: () => undefined });
  const { db } = runtime.database;
  const user = await createUser(db);
  const created = await createToken(db, user.id);
  const redis = new Redis(args.redis);
  const base: TokenLimits = {
    id: created.id,
    rpm_limit: 0,
    tpm_limit: 0,
    concurrency_limit: 0,
    window_period: '',
    window_quota: 0,
  };
  const huge = 1_000_000_000;
  const tokens: [string, TokenLimits][] = [
    ['no limits', base],
    ['rpm + tpm', { ...base, rpm_limit: huge, tpm_limit: huge }],
    [
      'rpm + tpm + day window',
      { ...base, rpm_limit: huge, tpm_limit: huge, window_period: 'day', window_quota: huge },
    ],
  ];
  await db
    .updateTable('tokens')
    .set({ window_period: 'day', window_quota: huge })
    .where('id', '=', created.id)
    .execute();
  const stores: [string, () => LimitStore][] = [
    ['this process', () => new LocalLimitStore()],
    ['Redis', () => new RedisLimitStore(redis, `sy-bench-${Date.now()}:`)],
  ];
  const rows: string[][] = [];
  for (const [storeName, makeStore] of stores) {
    const limits = new LimitsService({
      db,
      store: makeStore(),
      options: runtime.options,
      nowMs: Date.now,
    });
    for (const [label, token] of tokens) {
      const once = async () => {
        const admission = await limits.admit({
          token,
          userId: user.id,
          group: 'default',
          estimatedTokens: 500,
          estimatedQuota: 1000,
        });
        if (!admission.admitted) throw new Error(`refused: ${admission.refusal.kind}`);
        await admission.lease.settle(400, 800);
      };
      for (let i = 0; i < 200; i += 1) await once();
      const cpu = process.cpuUsage();
      const began = performance.now();
      for (let i = 0; i < REQUESTS; i += 1) await once();
      const wall = (performance.now() - began) / REQUESTS;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000 / REQUESTS;
      const row = [storeName, label, cpuMs.toFixed(4), wall.toFixed(4)];
      console.log(row.join(' | '));
      rows.push(row);
    }
  }
  redis.disconnect();
  await runtime.close();
  rmSync(dir, { recursive: true, force: true });
  writeResult('limits-admit', {
    runs: REQUESTS,
    columns: ['store', 'token', 'CPU ms / request (this process)', 'wall ms / request'],
    rows,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
