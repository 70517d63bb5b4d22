// Unit and component tests of the console and shared packages (server integration tests run apart).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    include: ['shared/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
    exclude: ['apps/server/**', '**/node_modules/**'],
    // vitest's default is one worker fewer than the machine's cores: one worker on CI's two cores.
    maxWorkers: 2,
  },
});
