// Graceful shutdown of the compiled server: SIGTERM during 20 open streams → /readyz answers 503
// (the listener stays open for probes) and other new requests are refused 503, all 20 streams
// finish completely, their consume logs are written, exit code 0. Past SHUTDOWN_GRACE_SECONDS the
// remaining streams end with their dialect's error event, are logged as cut by `shutdown` and
// billed for what was delivered, and the process still exits cleanly.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import { buildServer, type CompiledServer, startCompiledServer } from '../helpers/compiled-server';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  logsOf,
  seedChannel,
  userBalance,
} from '../helpers/relay-fixtures';

const STREAMS = 20;
const WORDS = Array.from({ length: 15 }, (_, i) => `w${i}`);

let testDb: TestDatabase;
let database: Database;
let fake: FakeUpstream;

beforeAll(async () => {
  buildServer();
  testDb = await createTestDatabase();
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await database?.close();
  await fake.close();
  await testDb.drop();
});

interface StreamResult {
  body: string;
  /** Resolves once the first bytes arrived. */
  started: Promise<void>;
  done: Promise<string>;
}

/** A streamed chat over a connection of its own, read to its end. */
function openStream(url: string, authorization: string, model: string): StreamResult {
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const result: StreamResult = { body: '', started, done: Promise.resolve('') };
  result.done = new Promise<string>((resolve, reject) => {
    const request = http.request(
      `${url}/v1/chat/completions`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          result.body += chunk;
          markStarted();
        });
        response.on('end', () => resolve(result.body));
        response.on('error', () => resolve(result.body));
        response.on('aborted', () => resolve(result.body));
      },
    );
    request.on('error', reject);
    request.end(
      JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    );
  });
  return result;
}

async function startWithStreams(env: Record<string, string>, key: string, model: string) {
  const server = await startCompiledServer({ ...testDb.env, ...env });
  database ??= createDatabase(loadConfig(testDb.env));
  await seedChannel(database.db, { key, baseUrl: fake.url, models: [model] });
  const user = await createUser(database.db, { quota: 50_000_000 });
  const token = await createToken(database.db, user.id);
  const streams = Array.from({ length: STREAMS }, () =>
    openStream(server.url, token.authorization, model),
  );
  await Promise.all(streams.map((stream) => stream.started));
  return { server, user, streams };
}

/** A request after SIGTERM: its status, or `refused` when the listener is gone. */
async function probeAfterSigterm(server: CompiledServer, path = '/readyz'): Promise<string> {
  return fetch(`${server.url}${path}`).then(
    (response) => `status ${response.status}`,
    () => 'refused',
  );
}

// A child process per case, started and drained: slower than an in-process test on a busy machine.
describe('SIGTERM', { timeout: 90_000 }, () => {
  it('drains 20 open streams completely, writes their logs and exits 0', async () => {
    // The streams stay open after their first word until the probes below are done: on a busy
    // machine a stream that merely ran on its own clock could end (and the listener close) first.
    let release: () => void = () => undefined;
    const probed = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.behave('drain-key', { text: WORDS.join(' '), chunkDelayMs: 100, holdUntil: probed });
    const { server, user, streams } = await startWithStreams({}, 'drain-key', 'drain-model');
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      // The balancer's probe is answered (not refused) and says not ready; new work is refused.
      expect(await probeAfterSigterm(server)).toBe('status 503');
      expect(await probeAfterSigterm(server, '/healthz')).toBe('status 200');
      expect(await probeAfterSigterm(server, '/api/status')).toBe('status 503');
    } finally {
      release();
    }

    const bodies = await Promise.all(streams.map((stream) => stream.done));
    for (const body of bodies) {
      expect(body).toContain('data: [DONE]');
      for (const word of WORDS) expect(body).toContain(word);
    }
    expect(await server.exited).toBe(0);
    // The streams needed ~1.5 s more; the process waited for them, not for the 30 s grace.
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    expect(server.output()).toContain('shutdown complete');

    const logs = await consumeTotal(database.db, user.id);
    expect(logs.count).toBe(STREAMS);
    const balance = await userBalance(database.db, user.id);
    expect(Number(balance.used_quota)).toBe(logs.quota);
    expect(Number(balance.quota) + Number(balance.used_quota)).toBe(50_000_000);
  });

  it('cuts what is still streaming after SHUTDOWN_GRACE_SECONDS, settles it and exits 0', async () => {
    fake.behave('endless-key', { text: Array(200).fill('slow').join(' '), chunkDelayMs: 100 });
    const { server, user, streams } = await startWithStreams(
      { SHUTDOWN_GRACE_SECONDS: '1' },
      'endless-key',
      'endless-model',
    );
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    const bodies = await Promise.all(streams.map((stream) => stream.done));
    expect(await server.exited).toBe(0);
    expect(Date.now() - sentAt).toBeLessThan(8_000);
    for (const body of bodies) {
      expect(body).not.toContain('[DONE]');
      // The OpenAI dialect's mid-stream error chunk, which SDKs raise, as the last frame.
      const last = body.trim().split('\n\n').at(-1) ?? '';
      expect(JSON.parse(last.slice('data: '.length))).toMatchObject({
        error: { type: 'server_error', code: 'stream_cut' },
      });
    }
    expect(server.output()).toContain('grace period (1 s) is over');
    // Nothing lost: every reservation ended as a settlement (billed for what was delivered),
    // logged as cut by the shutdown.
    const rows = await logsOf(database.db, user.id);
    expect(rows).toHaveLength(STREAMS);
    for (const row of rows) {
      expect(JSON.parse(row.other ?? '{}')).toMatchObject({
        stream_cut: 'shutdown',
        stream_cut_reason: 'the server is shutting down',
      });
      expect(Number(row.completion_tokens)).toBeGreaterThan(0);
    }
    const logs = await consumeTotal(database.db, user.id);
    const balance = await userBalance(database.db, user.id);
    expect(Number(balance.used_quota)).toBe(logs.quota);
    expect(Number(balance.quota) + Number(balance.used_quota)).toBe(50_000_000);
  });
});
