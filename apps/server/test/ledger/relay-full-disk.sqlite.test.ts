// A full disk (issue 35): SQLite on a tmpfs of a few MiB that fills up while requests are in
// flight. Their settlements cannot be written (SQLITE_FULL): they stay queued and are retried,
// the node answers /readyz 503 meanwhile, new requests get 503 `server_error` (English unless
// the caller asks for Chinese), and once space returns each request is billed its real cost —
// not its whole reservation. SQLite only (`.sqlite.test.ts`: the other engines' runs leave it
// out). Mounting needs root: without it the suite is skipped with the reason.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import { createUser } from '../helpers/factories';
import { consumeTotal, createToken, logsOf, seedChannel } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

const QUOTA = 50_000_000;
const IN_FLIGHT = 10;

/** A tmpfs of `size` at a fresh folder, or why none could be mounted. */
function mountTinyDisk(size: string): { dir: string } | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sy-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    // Unmounted by afterAll; also when the file's tests were filtered out and no hook ran.
    process.once('exit', () => unmount(dir));
    return { dir };
  } catch (error) {
    rmdirSync(dir);
    return { skip: `mounting a tmpfs is not allowed here: ${(error as Error).message}` };
  }
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    rmdirSync(dir);
  } catch {
    // Already unmounted and removed.
  }
}

const disk = mountTinyDisk('8m');
const skipReason = 'skip' in disk ? disk.skip : undefined;
if (skipReason) console.info(`relay-full-disk skipped: ${skipReason}`);

let context: TestContext;
let server: TestServer;
let fake: FakeUpstream;
let url: string;
const mount = 'dir' in disk ? disk.dir : '';
const filler = join(mount, 'filler');

beforeAll(async () => {
  if (skipReason) return;
  context = await createTestContext();
  server = await context.start({ SQLITE_PATH: join(mount, 'switchyard.db') });
  fake = await startFakeUpstream();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  await seedChannel(server.db, { key: 'disk-key', baseUrl: fake.url, models: ['gpt-4'] });
}, 60_000);

afterAll(async () => {
  if (skipReason) return;
  await fake?.close();
  await context?.close();
  unmount(mount);
});

/** Writes until the filesystem refuses (ENOSPC), in ever smaller pieces. */
function fillDisk(): void {
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
      const piece = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, piece);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

const chat = (authorization: string, stream: boolean, language?: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization,
      ...(language ? { 'accept-language': language } : {}),
    },
    body: JSON.stringify({ model: 'gpt-4', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });

async function readyz(): Promise<{ status: number; checks: Record<string, string> }> {
  const response = await fetch(`${url}/readyz`);
  const body = (await response.json()) as { checks: Record<string, string> };
  return { status: response.status, checks: body.checks };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

const journal = () => server.db.selectFrom('relay_reservations').select(['id', 'amount']).execute();

describe.skipIf(skipReason !== undefined)('SQLite on a disk that fills up', () => {
  it('keeps the settlements in memory, turns not-ready, refuses with 503 server_error and bills the real cost once space returns', async () => {
    const user = await createUser(server.db, { quota: QUOTA });
    const token = await createToken(server.db, user.id, { unlimited: false, remainQuota: QUOTA });
    // What one such request really costs, served while the disk has room.
    const reference = await chat(token.authorization, false);
    expect(reference.status).toBe(200);
    await reference.text();
    const [referenceLog] = await until(
      () => logsOf(server.db, user.id),
      (logs) => logs.length === 1,
      5000,
    );
    const realCost = Number(referenceLog?.quota);
    expect(realCost).toBeGreaterThan(0);

    // Requests reserved while there is room; the disk fills before their replies end.
    fake.behave('disk-key', { delayMs: 1500 });
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
      chat(token.authorization, i % 2 === 0).then(async (response) => ({
        status: response.status,
        text: await response.text(),
      })),
    );
    const reserved = await until(journal, (rows) => rows.length === IN_FLIGHT, 5000);
    expect(reserved).toHaveLength(IN_FLIGHT);
    // Without max_tokens each holds far more than the reply will cost.
    for (const row of reserved) expect(Number(row.amount)).toBeGreaterThan(realCost * 2);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(server.db);
    fillDisk();

    // Served in full although nothing can be written.
    const served = await Promise.all(inFlight);
    expect(served.map((reply) => reply.status)).toEqual(Array(IN_FLIGHT).fill(200));

    // The node cannot bill: not ready, with the reason, until it can write again.
    const notReady = await until(readyz, (probe) => probe.status === 503, 5000);
    expect(notReady.status).toBe(503);
    expect(notReady.checks.settlements).toContain('SQLITE_FULL');
    expect(notReady.checks.database).toBe('ok');

    // A new request is refused with a status SDKs retry, in English by default…
    const refused = await chat(token.authorization, false);
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('server_error');
    expect(body.error.message).toMatch(/^[\x20-\x7e]+$/);
    // …and in Chinese to a caller who asks for it.
    const refusedZh = await chat(token.authorization, false, 'zh-CN');
    expect(refusedZh.status).toBe(503);
    const bodyZh = (await refusedZh.json()) as { error: { type: string; message: string } };
    expect(bodyZh.error.type).toBe('server_error');
    expect(bodyZh.error.message).toMatch(/[\u4e00-\u9fff]/);

    // Space returns: the queued settlements are written, the node is ready again.
    rmSync(filler);
    expect((await until(journal, (rows) => rows.length === 0, 15_000)).length).toBe(0);
    expect((await until(readyz, (probe) => probe.status === 200, 5000)).status).toBe(200);

    // Each request billed at its real cost, once; Σ logs = quota taken from user and token.
    const logs = await logsOf(server.db, user.id);
    expect(logs).toHaveLength(IN_FLIGHT + 1);
    for (const log of logs) expect(Number(log.quota)).toBe(realCost);
    const total = await consumeTotal(server.db, user.id);
    const account = await server.db
      .selectFrom('users')
      .select(['quota', 'request_count'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(QUOTA - Number(account.quota)).toBe(total.quota);
    expect(Number(account.request_count)).toBe(IN_FLIGHT + 1);
    const tokenRow = await server.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(QUOTA - Number(tokenRow.remain_quota)).toBe(total.quota);
  }, 60_000);
});
