// Builds real server instances on a fresh test database, the way main.ts does.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/database';
import type { Clock } from '../../src/lib/clock';
import { createRuntime, type Runtime } from '../../src/runtime';
import { TestClient } from './client';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestServer {
  app: FastifyInstance;
  runtime: Runtime;
  db: Db;
  /** A new client with its own cookie jar. */
  client(headers?: Record<string, string>): TestClient;
}

export interface TestContext {
  database: TestDatabase;
  /** Scratch folder for console builds and remotes files. */
  dir: string;
  start(env?: Record<string, string>, clock?: Clock): Promise<TestServer>;
  close(): Promise<void>;
}

const silentLog = { warn: () => undefined };

export async function createTestContext(): Promise<TestContext> {
  const database = await createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'sy-console-'));
  const started: { app: FastifyInstance; runtime: Runtime }[] = [];
  return {
    database,
    dir,
    async start(env = {}, clock) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        GLOBAL_API_RATE_LIMIT: '0',
        CRITICAL_RATE_LIMIT: '0',
        CONSOLE_DIR: join(dir, 'apps'),
        REMOTES_DIR: join(dir, 'remotes'),
        REMOTES_FILE: join(dir, 'remotes.json'),
        ...database.env,
        ...env,
      });
      const runtime = await createRuntime(config, silentLog, clock);
      const app = await buildApp({ ...runtime, logger: false });
      await app.ready();
      started.push({ app, runtime });
      return {
        app,
        runtime,
        db: runtime.database.db,
        client: (headers = {}) => new TestClient(app, { 'accept-language': 'en', ...headers }),
      };
    },
    async close() {
      for (const { app, runtime } of started.reverse()) {
        await app.close();
        await runtime.close();
      }
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
