// Import of usage logs from a new-api database: seeds ROWS logs (1000 users) into a throwaway
// new-api database on each source engine, then times `npm run import:new-api -- --with-logs` in its
// own process (wall time and peak RSS from /usr/bin/time) into a fresh SQLite Switchyard database.
// Usage: npx tsx bench/import/import-bench.ts [--rows 1000000] [--engines sqlite,postgres,mysql]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TestEngine } from '../../apps/server/test/helpers/database';
import { seedNewApi, seedUsage } from '../../apps/server/test/helpers/newapi-seed';
import { createSourceDatabase } from '../../apps/server/test/helpers/newapi-source';
import { writeResult } from '../lib/results.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    engines: { type: 'string', default: 'sqlite,postgres,mysql' },
    'batch-size': { type: 'string', default: '2000' },
  },
});
const ROWS = Number(args.rows);
const USERS = 1000;
/** Rows generated and inserted per seeding step (the seeder's own memory stays flat too). */
const SEED_CHUNK = 20_000;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

async function benchOne(engine: TestEngine): Promise<string[]> {
  const source = await createSourceDatabase(engine, 'new-api');
  const target = mkdtempSync(path.join(tmpdir(), 'sy-import-bench-'));
  try {
    const sizes = {
      users: USERS,
      tokens: 50,
      channels: 20,
      redemptions: 0,
      topUps: 0,
      logs: 0,
      drawings: 0,
      tasks: 0,
    };
    await seedNewApi(source, sizes, 'http://127.0.0.1:9');
    const seedStart = Date.now();
    const now = Math.floor(Date.now() / 1000);
    for (let done = 0; done < ROWS; done += SEED_CHUNK) {
      const logs = Math.min(SEED_CHUNK, ROWS - done);
      await seedUsage(source, { users: USERS, logs, drawings: 0, tasks: 0 }, now, done);
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    await source.db.destroy();
    const started = Date.now();
    // GNU time writes "<elapsed s> <user s> <system s> <max RSS KiB>" on the last line of stderr.
    const child = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        '%e %U %S %M',
        process.execPath,
        '--import',
        'tsx',
        'apps/server/src/import/import-new-api.ts',
        '--from',
        source.from,
        '--with-logs',
        '--batch-size',
        String(args['batch-size']),
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          SQLITE_PATH: path.join(target, 'switchyard.db'),
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const stderr = child.stderr.toString();
    if (child.status !== 0) throw new Error(`import failed:\n${stderr}`);
    const wall = (Date.now() - started) / 1000;
    const [, user, system, rssKiB] = (stderr.trim().split('\n').at(-1) ?? '').split(' ');
    const cpu = Number(user) + Number(system);
    const rssMiB = Number(rssKiB) / 1024;
    const rate = Math.round(ROWS / wall);
    console.log(
      `${engine}: seeded in ${seedSeconds.toFixed(1)} s; imported ${ROWS} logs in ${wall.toFixed(1)} s (${rate} rows/s, ${cpu.toFixed(1)} s CPU), peak RSS ${rssMiB.toFixed(0)} MiB`,
    );
    return [engine, String(ROWS), wall.toFixed(1), String(rate), cpu.toFixed(1), rssMiB.toFixed(0)];
  } finally {
    await source.drop().catch(() => undefined);
    rmSync(target, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
for (const engine of String(args.engines).split(',') as TestEngine[])
  rows.push(await benchOne(engine));
writeResult('import-new-api', {
  runs: 1,
  columns: ['source engine', 'logs', 'seconds', 'rows/s', 'importer CPU s', 'peak RSS (MiB)'],
  rows,
});
