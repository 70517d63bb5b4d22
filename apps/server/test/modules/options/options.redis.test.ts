// Two real server processes on one database and one Redis: an option saved through one is served
// by the other within seconds, long before their periodic re-read (SYNC_FREQUENCY is an hour here).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OptionEntry, PublicStatus } from '@switchyard/contracts';
import { SESSION_COOKIE } from '@switchyard/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const PREFIX = `sytest:${randomBytes(4).toString('hex')}:`;
/** How long a change may take to reach the other process. */
const PROPAGATION_LIMIT_MS = 3000;

interface Node {
  url: string;
  process: ChildProcess;
}

let database: TestDatabase;
let scratch: string;
const nodes: Node[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startNode(): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SQL_DSN: '',
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      SYNC_FREQUENCY: '3600',
      GLOBAL_API_RATE_LIMIT: '0',
      CRITICAL_RATE_LIMIT: '0',
      CONSOLE_DIR: join(scratch, 'apps'),
      REMOTES_DIR: join(scratch, 'remotes'),
      REMOTES_FILE: join(scratch, 'remotes.json'),
      ...database.env,
    },
  });
  const node = { url: `http://127.0.0.1:${port}`, process: child };
  nodes.push(node);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${node.url}/api/status`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (up) return node;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start within 60 s');
}

async function stopNode(node: Node): Promise<void> {
  if (node.process.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    node.process.once('exit', () => resolve());
    node.process.kill('SIGTERM');
  });
}

async function signInRoot(node: Node): Promise<string> {
  const reply = await fetch(`${node.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: '123456' }),
  });
  const cookie = reply.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) {
    throw new Error(
      `root could not sign in: ${reply.status} ${(await reply.text()).slice(0, 300)}`,
    );
  }
  rootId = ((await reply.json()) as { data: { id: number } }).data.id;
  return cookie.split(';')[0] ?? '';
}

/** Root's id from the sign-in reply, sent as New-Api-User like the console. */
let rootId = 0;

async function call<T>(node: Node, path: string, init: RequestInit = {}): Promise<T | undefined> {
  const reply = await fetch(`${node.url}${path}`, init);
  const body = (await reply.json()) as { success: boolean; data?: T; message: string };
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

const putOption = (node: Node, cookie: string, key: string, value: string) =>
  call(node, '/api/option/', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, 'New-Api-User': String(rootId) },
    body: JSON.stringify({ key, value }),
  });

const status = async (node: Node) =>
  (await call<PublicStatus>(node, '/api/status')) as PublicStatus;

/** Polls until the check passes; returns how long it took. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < PROPAGATION_LIMIT_MS) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not seen within ${PROPAGATION_LIMIT_MS} ms`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await mkdtemp(join(tmpdir(), 'sy-nodes-'));
  // One after the other: the first migrates the database and creates root.
  await startNode();
  await startNode();
});

afterAll(async () => {
  await Promise.all(nodes.map(stopNode));
  await database?.drop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('two server processes sharing Redis', () => {
  it('a change saved on one process is served by the other within seconds, both ways', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookieA = await signInRoot(a);
    const cookieB = await signInRoot(b);

    const name = `Yard ${randomBytes(3).toString('hex')}`;
    await putOption(a, cookieA, 'SystemName', name);
    const first = await within(async () => (await status(b)).system_name === name);

    await putOption(b, cookieB, 'DrawingEnabled', 'false');
    await putOption(b, cookieB, 'ChatLink', 'https://chat.example.com');
    const second = await within(async () => {
      const seen = await status(a);
      return !seen.enable_drawing && seen.chat_link === 'https://chat.example.com';
    });
    console.info(`option propagation between processes: ${first} ms and ${second} ms`);
  });

  it('a secret saved on one process shows as set on the other, still without its value', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookieA = await signInRoot(a);
    const cookieB = await signInRoot(b);
    await putOption(a, cookieA, 'GitHubClientSecret', 'gh-secret-across-nodes');
    await within(async () => {
      const entries = await call<OptionEntry[]>(b, '/api/option/', {
        headers: { cookie: cookieB },
      });
      return entries?.find((entry) => entry.key === 'GitHubClientSecret')?.set === true;
    });
    const raw = await fetch(`${b.url}/api/option/`, { headers: { cookie: cookieB } });
    expect(await raw.text()).not.toContain('gh-secret-across-nodes');
  });

  it('the model ratio reset on one process reaches the other', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookieA = await signInRoot(a);
    const cookieB = await signInRoot(b);
    await putOption(b, cookieB, 'ModelRatio', '{"only-model":3}');
    const ratioOn = async (node: Node, cookie: string) =>
      (await call<OptionEntry[]>(node, '/api/option/', { headers: { cookie } }))?.find(
        (entry) => entry.key === 'ModelRatio',
      )?.value;
    await within(async () => (await ratioOn(a, cookieA)) === '{"only-model":3}');
    await call(a, '/api/option/rest_model_ratio', {
      method: 'POST',
      headers: { cookie: cookieA, 'New-Api-User': String(rootId) },
    });
    await within(async () => (await ratioOn(b, cookieB))?.includes('gpt-4') ?? false);
  });
});
