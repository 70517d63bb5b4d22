// Upstream time limits (issue 35): an upstream that accepts and never answers is given up after
// the first-byte limit (the channel's own, else RelayFirstByteTimeout) and the next channel
// answers, as it does when a connection never opens (RelayConnectTimeout); a stream that stalls
// mid-way ends after RelayStreamIdleTimeout with the dialect's error
// event and the log's cut reason, billed for what was delivered. After each: Σ consume logs =
// quota taken, no open reservation, one log per request.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  setOption,
  startRelayHarness,
  userBalance,
  waitForLogs,
} from '../helpers/relay-fixtures';

const QUOTA = 10_000_000;
let h: RelayHarness;
let hanging: number;
let backup: number;

beforeAll(async () => {
  h = await startRelayHarness();
  // Tried first (priority 10) and never answers; its own limit is 1 s (the option stays 300 s).
  hanging = await seedChannel(h.db, {
    key: 'hang-key',
    baseUrl: h.fake.url,
    models: ['gpt-4'],
    priority: 10,
    autoBan: 0,
  });
  await h.db
    .updateTable('channels')
    .set({ first_byte_timeout: 1 })
    .where('id', '=', hanging)
    .execute();
  backup = await seedChannel(h.db, { key: 'backup-key', baseUrl: h.fake.url, models: ['gpt-4'] });
  // Only the option limits this one.
  await seedChannel(h.db, {
    key: 'hang-key',
    baseUrl: h.fake.url,
    models: ['slow-only'],
    autoBan: 0,
  });
  await seedChannel(h.db, { key: 'stall-key', baseUrl: h.fake.url, models: ['stall-model'] });
  h.fake.behave('hang-key', { delayMs: 120_000 });
  h.fake.behave('backup-key', { text: 'backup answers here' });
  h.fake.behave('stall-key', { stallAfter: 3, text: 'a b c d e f g h' });
  await setOption(h.db, 'RetryTimes', '2');
  await setOption(h.db, 'RelayStreamIdleTimeout', '1');
  await h.server.runtime.options.load();
});

afterAll(() => h.close());

async function caller() {
  const user = await createUser(h.db, { quota: QUOTA });
  const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: QUOTA });
  return { user, token };
}

async function openReservations(): Promise<number> {
  const row = await h.db
    .selectFrom('relay_reservations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Σ consume logs = quota taken from the user and the token; one request counted per log. */
async function expectBooksBalance(userId: number, tokenId: number, requests: number) {
  const logs = await consumeTotal(h.db, userId);
  expect(logs.count).toBe(requests);
  const user = await userBalance(h.db, userId);
  expect(QUOTA - Number(user.quota)).toBe(logs.quota);
  expect(Number(user.request_count)).toBe(requests);
  const token = await h.db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  expect(QUOTA - Number(token.remain_quota)).toBe(logs.quota);
  expect(await openReservations()).toBe(0);
}

describe('an upstream that never answers', () => {
  it("is given up after the channel's first-byte limit and the backup answers every client", async () => {
    const { user, token } = await caller();
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postChat(h, token.authorization, { model: 'gpt-4', stream: i % 2 === 1 }).then(
          async (response) => ({ status: response.status, text: await response.text() }),
        ),
      ),
    );
    const elapsed = Date.now() - started;
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const reply of replies) expect(reply.text).toContain('backup');
    // One second on the hanging channel, then the backup: far below the option's 300 s.
    expect(elapsed).toBeLessThan(5000);
    const logs = await waitForLogs(h.db, user.id, 6);
    for (const log of logs) {
      expect(log.channel_id).toBe(backup);
      expect(JSON.parse(log.other ?? '{}').admin_info.use_channel).toEqual([hanging, backup]);
    }
    await expectBooksBalance(user.id, token.id, 6);
  }, 20_000);

  it('follows RelayFirstByteTimeout where the channel sets no limit, and refunds when none answers', async () => {
    await setOption(h.db, 'RelayFirstByteTimeout', '1');
    await h.server.runtime.options.load();
    const { user, token } = await caller();
    const started = Date.now();
    const response = await postChat(h, token.authorization, { model: 'slow-only' });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('no reply in 1 s');
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: QUOTA, used_quota: 0 });
    expect(await openReservations()).toBe(0);
    await setOption(h.db, 'RelayFirstByteTimeout', '300');
    await h.server.runtime.options.load();
  }, 20_000);
});

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A loopback port whose connections never open: a socket that listens with a backlog of 0 and
 * never accepts, its accept queue filled, so the kernel drops further SYNs (Python: Node accepts
 * every connection itself).
 */
async function unopenablePort(): Promise<{ port: number; close(): void }> {
  const listener: ChildProcess = spawn('python3', [
    '-c',
    'import socket,time\ns=socket.socket();s.bind(("127.0.0.1",0));s.listen(0)\nprint(s.getsockname()[1],flush=True)\ntime.sleep(120)',
  ]);
  const port = await new Promise<number>((resolve) =>
    listener.stdout?.once('data', (data: Buffer) => resolve(Number(String(data).trim()))),
  );
  const fillers = Array.from({ length: 3 }, () =>
    net.connect(port, '127.0.0.1').on('error', () => undefined),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    port,
    close() {
      for (const socket of fillers) socket.destroy();
      listener.kill();
    },
  };
}

describe.skipIf(!hasPython)('an upstream whose connection never opens', () => {
  it('is given up after RelayConnectTimeout and the next channel answers', async () => {
    const unopenable = await unopenablePort();
    try {
      const stuck = await seedChannel(h.db, {
        key: 'syn-key',
        baseUrl: `http://127.0.0.1:${unopenable.port}`,
        models: ['syn-model'],
        priority: 10,
        autoBan: 0,
      });
      const next = await seedChannel(h.db, {
        key: 'backup-key',
        baseUrl: h.fake.url,
        models: ['syn-model'],
      });
      await setOption(h.db, 'RelayConnectTimeout', '1');
      await h.server.runtime.options.load();
      const { user, token } = await caller();
      const started = Date.now();
      const response = await postChat(h, token.authorization, { model: 'syn-model' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('backup');
      expect(Date.now() - started).toBeLessThan(4000);
      const [log] = await waitForLogs(h.db, user.id);
      expect(JSON.parse(log?.other ?? '{}').admin_info.use_channel).toEqual([stuck, next]);
      await expectBooksBalance(user.id, token.id, 1);
    } finally {
      unopenable.close();
      await setOption(h.db, 'RelayConnectTimeout', '10');
      await h.server.runtime.options.load();
    }
  }, 20_000);
});

describe('a stream that stalls mid-way', () => {
  it('ends with the OpenAI error chunk after the idle limit, logged with its reason and billed for what was delivered', async () => {
    const { user, token } = await caller();
    const response = await postChat(h, token.authorization, { model: 'stall-model', stream: true });
    const text = await response.text();
    expect(text).toContain('"a "');
    expect(text).not.toContain('"d "');
    expect(text).not.toContain('[DONE]');
    const last = text.trim().split('\n\n').at(-1) ?? '';
    expect(JSON.parse(last.slice('data: '.length))).toMatchObject({
      error: { type: 'upstream_error', code: 'stream_cut' },
    });
    const [log] = await waitForLogs(h.db, user.id);
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({
      stream_cut: 'upstream',
      stream_cut_reason: expect.stringContaining('sent nothing for 1 s'),
    });
    // "a b c " was delivered (4 tokens with the trailing space), not all 8 words.
    expect(log?.completion_tokens).toBe(4);
    await expectBooksBalance(user.id, token.id, 1);
  }, 20_000);

  it("ends an Anthropic Messages stream with the dialect's error event", async () => {
    const { user, token } = await caller();
    const response = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': `sk-${token.key}` },
      body: JSON.stringify({
        model: 'stall-model',
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('event: error');
    expect(text).not.toContain('event: message_stop');
    const [log] = await waitForLogs(h.db, user.id);
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ stream_cut: 'upstream' });
    await expectBooksBalance(user.id, token.id, 1);
  }, 20_000);
});
