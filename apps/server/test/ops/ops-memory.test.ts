// Issue 16: an idle server started from the build does not keep V8's young generation at its
// maximum (2 × 16 MB of semi-spaces) after starting, read from its own /metrics; started the way
// `npm start` and the image do (the hold imported before the server's packages), it stays at its
// initial size. And the packages only some requests need are not loaded at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  type CompiledServer,
  REPO_ROOT,
  startCompiledServer,
} from '../helpers/compiled-server';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const MB = 1024 * 1024;
/** V8's default on 64-bit: 16 MB semi-spaces, two of them. */
const YOUNG_GENERATION_MAX = 32 * MB;

let testDb: TestDatabase;
const servers: CompiledServer[] = [];

beforeAll(async () => {
  buildServer();
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await testDb.drop();
});

/** The young generation's size as the server reports it on /metrics, in bytes. */
async function youngGeneration(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(text);
  if (!line) throw new Error('no new-space size on /metrics');
  return Number(line[1]);
}

async function idleServer(env: Record<string, string> = {}): Promise<CompiledServer> {
  const server = await startCompiledServer({ ...testDb.env, ...env });
  servers.push(server);
  // Idle after start-up (the default-password check runs just after listening).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return server;
}

describe('memory of an idle compiled server', () => {
  it('started as `node dist/main.js`, its young generation is below the maximum', async () => {
    const server = await idleServer();
    expect(await youngGeneration(server.url)).toBeLessThan(YOUNG_GENERATION_MAX);
  });

  it('started as `npm start` and the image do, its young generation stays at its start size', async () => {
    const hold = join(REPO_ROOT, 'apps/server/dist/young-generation-hold.js');
    const server = await idleServer({ NODE_OPTIONS: `--import=${hold}` });
    expect(await youngGeneration(server.url)).toBeLessThanOrEqual(4 * MB);
    // The server still answers as usual.
    expect((await fetch(`${server.url}/api/status`)).status).toBe(200);
  });
});

describe('what the compiled server loads at start', () => {
  const bundle = () => readFileSync(join(REPO_ROOT, 'apps/server/dist/main.js'), 'utf8');

  it('loads the AWS SDK and nodemailer on first use only', () => {
    const text = bundle();
    const staticImports = [...text.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(staticImports).toContain('fastify');
    for (const lazy of [
      '@aws-sdk/client-bedrock-runtime',
      '@smithy/node-http-handler',
      'nodemailer',
    ]) {
      expect(staticImports, lazy).not.toContain(lazy);
      expect(text, lazy).toContain(`import("${lazy}")`);
    }
  });

  it('imports the hold first and is ASCII, so V8 keeps its source one byte a character', () => {
    const text = bundle();
    expect(text.match(/^import .*$/m)?.[0]).toBe('import "./young-generation-hold.js";');
    expect(/[^\p{ASCII}]/u.test(text)).toBe(false);
  });
});
