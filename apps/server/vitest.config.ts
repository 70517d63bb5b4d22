// Server integration tests: Node environment, one fresh database per test file (see test/helpers).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Redis cases run only when the test runner found Redis reachable and passed its URL.
const withRedis = Boolean(process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    exclude: withRedis ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/**/*.redis.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
