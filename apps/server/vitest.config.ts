// Server integration tests: Node environment, one fresh database per test file (see test/helpers).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Redis cases run only when the test runner found Redis reachable and passed its URL; SQLite-only
// cases (a database file on a disk of the test's own) only in the SQLite run.
const withRedis = Boolean(process.env.TEST_REDIS_URL);
const onSqlite = (process.env.TEST_DB_ENGINE ?? 'sqlite') === 'sqlite';
const exclude = [
  '**/node_modules/**',
  ...(withRedis ? [] : ['test/**/*.redis.test.ts']),
  ...(onSqlite ? [] : ['test/**/*.sqlite.test.ts']),
];

export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    exclude,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its loaded modules from one test file to the next: loading the server's
    // modules anew for each of ~150 files cost more than half of the run (~550 s → ~200 s per
    // engine on two cores). Every file makes its own database, app and fakes; a test that leans on
    // state another file left behind (a token cached in an adapter, a random port) is a defect.
    isolate: false,
  },
});
