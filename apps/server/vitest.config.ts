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
  },
});
