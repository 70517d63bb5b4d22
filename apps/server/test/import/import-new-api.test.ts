// `npm run import:new-api`: a new-api database (built from its table definitions, on the engine
// under test) moves into Switchyard — old passwords sign in, old keys relay and are billed,
// counts match, a second run moves nothing, a dry run writes nothing, a used target is refused
// without --merge, and a one-api 0.6 database (older columns) merges in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import type { Schema } from '../../src/db/schema';
import { main } from '../../src/import/cli';
import { ImportRefused, runImport } from '../../src/import/run-import';
import { openSource, type Source } from '../../src/import/source';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import { TEST_ENGINE } from '../helpers/database';
import { countRows, createUser } from '../helpers/factories';
import { type SeededSource, seedNewApi } from '../helpers/newapi-seed';
import { createSourceDatabase, type SourceDatabase } from '../helpers/newapi-source';
import { waitForLogs } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

const SIZES = {
  users: 300,
  tokens: 300,
  channels: 200,
  redemptions: 200,
  topUps: 200,
  logs: 600,
  drawings: 100,
  tasks: 100,
};
const TABLES: (keyof Schema)[] = [
  'users',
  'tokens',
  'channels',
  'abilities',
  'redemptions',
  'top_ups',
  'logs',
  'midjourneys',
  'tasks',
  'options',
];

let ctx: TestContext;
let server: TestServer;
let fake: FakeUpstream;
let relayUrl: string;
let sourceDb: SourceDatabase;
let seeded: SeededSource;
let source: Source;

const counts = async (db: Db) =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await countRows(db, t)])));

const importInto = (options: { dryRun?: boolean; merge?: boolean } = {}, from = source) =>
  runImport({
    source: from,
    target: server.db,
    targetDescription: 'test',
    withLogs: true,
    batchSize: 250,
    ...options,
  });

beforeAll(async () => {
  fake = await startFakeUpstream();
  ctx = await createTestContext();
  server = await ctx.start();
  relayUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  sourceDb = await createSourceDatabase(TEST_ENGINE, 'new-api');
  seeded = await seedNewApi(sourceDb, SIZES, fake.url);
  source = openSource(sourceDb.from);
}, 120_000);

afterAll(async () => {
  await source?.close();
  await sourceDb?.drop();
  await ctx?.close();
  await fake?.close();
});

describe(`import from new-api on ${TEST_ENGINE}`, () => {
  it('--dry-run reports what would move and writes nothing', async () => {
    const before = await counts(server.db);
    const report = await importInto({ dryRun: true });
    expect(await counts(server.db)).toEqual(before);
    expect(await countRows(server.db, 'import_map')).toBe(0);
    expect(report.counts('users')).toMatchObject({ read: SIZES.users, imported: SIZES.users });
    expect(report.counts('logs')).toMatchObject({ imported: SIZES.logs });
    expect(report.format()).toMatch(/Dry run/);
  });

  it('moves every kind of row; counts match', async () => {
    const report = await importInto();
    const after = await counts(server.db);
    // The source's root takes the place of the fresh target's first root.
    expect(after.users).toBe(SIZES.users);
    expect(after.tokens).toBe(SIZES.tokens);
    expect(after.channels).toBe(SIZES.channels);
    expect(after.abilities).toBe(seeded.abilities);
    expect(after.redemptions).toBe(SIZES.redemptions);
    expect(after.top_ups).toBe(SIZES.topUps);
    expect(after.logs).toBe(SIZES.logs);
    expect(after.midjourneys).toBe(SIZES.drawings);
    expect(after.tasks).toBe(SIZES.tasks);
    for (const table of ['users', 'tokens', 'channels', 'redemptions']) {
      expect(report.counts(table).skipped, table).toBe(0);
    }
    const text = report.format();
    expect(text).toMatch(/options: 2 × Switchyard has no such setting/);
    expect(text).toMatch(/type 9999 has no Switchyard adapter/);
    expect(text).toMatch(/tokens\.allow_ips: \d+/);
    expect(text).toMatch(/channels\.param_override: \d+/);
    expect(report.format('zh')).toMatch(/options: 2 × Switchyard 没有此设置项/);
    expect(text).toMatch(/users: 1 × username longer than 12 characters: kept/);
    expect(text).toMatch(/tokens: 1 × name longer than 30 characters: cut to 30/);
    expect(text).toMatch(/tokens: 1 × limited token overdrawn to -1200: remaining quota set to 0/);
  });

  it('keeps users as they were: roles, quotas, bindings, inviters, soft deletes', async () => {
    const alice = await server.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', seeded.customer.username)
      .executeTakeFirstOrThrow();
    expect(alice).toMatchObject({
      quota: 5_000_000,
      aff_count: 40,
      aff_quota: 20_000,
      aff_history_quota: 60_000,
    });
    const invited = await server.db
      .selectFrom('users')
      .select('username')
      .where('inviter_id', '=', alice.id)
      .execute();
    expect(invited.length).toBeGreaterThan(10);
    const deleted = await server.db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is not', null)
      .execute();
    expect(deleted).toHaveLength(seeded.deletedUserIds.length);
    const admins = await server.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 10)
      .execute();
    expect(admins).toHaveLength(Math.floor(SIZES.users / 50));
    const bound = await server.db
      .selectFrom('users')
      .select('id')
      .where('telegram_id', 'is not', null)
      .execute();
    expect(bound).toHaveLength(Math.floor(SIZES.users / 13));
    const option = await server.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'SystemName')
      .executeTakeFirst();
    expect(option?.value).toBe('Old Gateway');
  });

  it('a migrated user signs in with the old password; root too; the old access token works', async () => {
    const client = server.client();
    const login = await client.login(seeded.customer.username, seeded.customer.password);
    expect(login.json.success, login.json.message).toBe(true);
    expect(
      (await server.client().login(seeded.root.username, seeded.root.password)).json.success,
    ).toBe(true);
    expect((await server.client().login(seeded.root.username, '123456')).json.success).toBe(false);
    const self = await server.client().request('GET', '/api/user/self', undefined, {
      authorization: seeded.customer.accessToken,
    });
    expect(self.json.success, self.json.message).toBe(true);
    expect((self.json.data as { username: string }).username).toBe(seeded.customer.username);
  });

  it('a migrated key relays a chat through the migrated channel and is billed', async () => {
    const alice = await server.db
      .selectFrom('users')
      .select(['id', 'quota'])
      .where('username', '=', seeded.customer.username)
      .executeTakeFirstOrThrow();
    const response = await fetch(`${relayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer sk-${seeded.customer.key}`,
      },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const reply = (await response.json()) as { choices: unknown[] };
    expect(reply.choices.length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.key === seeded.liveChannel.key)).toBe(true);
    const logs = await waitForLogs(server.db, alice.id, seededConsumeLogsOfCustomer() + 1);
    const fresh = logs.at(-1);
    expect(Number(fresh?.quota)).toBeGreaterThan(0);
    const after = await server.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.quota)).toBe(Number(alice.quota) - Number(fresh?.quota));
  });

  it('migrated records go through the console unchanged: GET → change one field → PUT', async () => {
    const root = server.client();
    expect((await root.login(seeded.root.username, seeded.root.password)).json.success).toBe(true);
    const channels = await root.get<{ items: { id: number; name: string }[] }>(
      '/api/channel/search?keyword=channel-2&p=0&page_size=100',
    );
    const channelId = channels.json.data?.items.find((c) => c.name === 'channel-2')?.id;
    const channel = (await root.get<Record<string, unknown>>(`/api/channel/${channelId}`)).json
      .data;
    const put = await root.put('/api/channel/', { ...channel, weight: 9 });
    expect(put.json.success, put.json.message).toBe(true);
    const customer = server.client();
    await customer.login(seeded.customer.username, seeded.customer.password);
    const tokens = await customer.get<{ items: Record<string, unknown>[] }>(
      '/api/token/?p=0&size=100',
    );
    for (const token of tokens.json.data?.items ?? []) {
      const reply = await customer.put('/api/token/', { ...token, name: 'renamed' });
      expect(reply.json.success, reply.json.message).toBe(true);
    }
    const long = server.client();
    const login = await long.login('n_long_username3', 'shared-pass-1');
    expect(login.json.success, login.json.message).toBe(true);
  });

  it('a second run moves nothing', async () => {
    const before = await counts(server.db);
    const report = await importInto();
    expect(await counts(server.db)).toEqual(before);
    for (const [table, c] of report.tables) expect(c.imported, table).toBe(0);
    expect(report.counts('users').already).toBe(SIZES.users);
  });
});

/** Consume logs the seed gave source user 2, the customer (round-robin; every 20th a top-up). */
function seededConsumeLogsOfCustomer(): number {
  let n = 0;
  for (let i = 0; i < SIZES.logs; i += 1) if ((i % SIZES.users) + 1 === 2 && i % 20 !== 0) n += 1;
  return n;
}

describe('a target in use', () => {
  let oneApi: SourceDatabase;
  let oneApiSource: Source;

  beforeAll(async () => {
    oneApi = await createSourceDatabase('sqlite', 'one-api-0.6');
    await seedNewApi(
      oneApi,
      { ...SIZES, users: 40, tokens: 40, channels: 20, redemptions: 20, logs: 100 },
      fake.url,
    );
    oneApiSource = openSource(oneApi.from);
  }, 60_000);
  afterAll(async () => {
    await oneApiSource?.close();
    await oneApi?.drop();
  });

  it('is refused without --merge, nothing written', async () => {
    const before = await counts(server.db);
    await expect(importInto({}, oneApiSource)).rejects.toBeInstanceOf(ImportRefused);
    expect(await counts(server.db)).toEqual(before);
  });

  it('takes a one-api 0.6 database with --merge; clashing usernames are skipped with the reason', async () => {
    // The source's `root` clashes with the target's, and its `ouser7` with `OUSER7` (any case).
    await createUser(server.db, { username: 'OUSER7' });
    const before = await counts(server.db);
    const report = await importInto({ merge: true }, oneApiSource);
    const after = await counts(server.db);
    expect(after.users - before.users).toBe(38);
    expect(report.format()).toMatch(/users: 2 × username already taken in the target/);
    expect(after.tokens - before.tokens).toBe(40 - report.counts('tokens').skipped);
    expect(after.logs - before.logs).toBe(100 - report.counts('logs').skipped);
    // one-api's `models` of a token becomes its model limits.
    const limited = await server.db
      .selectFrom('tokens')
      .select(['model_limits', 'model_limits_enabled'])
      .where('model_limits', '=', 'gpt-3.5-turbo')
      .execute();
    // Tokens 10, 20, 30 (token 40 belongs to the clashing root and stays behind).
    expect(limited.length).toBe(3);
    expect(limited.every((token) => token.model_limits_enabled === 1)).toBe(true);
    expect(report.format()).toMatch(/channels\.config: \d+/);
  });

  it('the command line prints the report and refuses a used target', async () => {
    const fresh = await createSourceDatabase('sqlite', 'one-api-0.6');
    const env = { ...process.env };
    Object.assign(process.env, ctx.database.env);
    const out: string[] = [];
    const { log, error } = console;
    console.log = (line: string) => out.push(line);
    console.error = (line: string) => out.push(line);
    try {
      expect(await main(['--from', oneApi.from, '--dry-run', '--merge'])).toBe(0);
      expect(out.join('\n')).toMatch(/Dry run[\s\S]*users\s+40\s+0\s+38\s+2/);
      out.length = 0;
      expect(await main(['--from', fresh.from])).toBe(1);
      expect(out.join('\n')).toMatch(/--merge/);
    } finally {
      console.log = log;
      console.error = error;
      process.env = env;
      await fresh.drop();
    }
  });
});
