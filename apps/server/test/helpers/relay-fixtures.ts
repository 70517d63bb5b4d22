// Relay test data written straight to the database: channels with their abilities (one per
// group × model, enabled when the channel is, priority and weight copied) and API tokens.
import { randomBytes } from 'node:crypto';
import { TokenStatus } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { insertReturningId } from '../../src/db/dialect';
import { invalidateChannelCandidates } from '../../src/relay/candidate-cache';
import type { CandidateRow } from '../../src/relay/relay.repository';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import { createTestContext, type TestServer } from './server';

export interface ChannelInput {
  type?: number;
  key: string;
  name?: string;
  baseUrl?: string | null;
  models: string[];
  groups?: string[];
  status?: number;
  priority?: number;
  weight?: number;
  other?: string | null;
  modelMapping?: Record<string, string> | null;
  statusCodeMapping?: Record<string, string> | null;
  autoBan?: number;
  testModel?: string | null;
}

export async function seedChannel(db: Db, input: ChannelInput): Promise<number> {
  const status = input.status ?? 1;
  const groups = input.groups ?? ['default'];
  const query = db.insertInto('channels').values({
    type: input.type ?? 1,
    key: input.key,
    name: input.name ?? `channel-${input.key}`,
    base_url: input.baseUrl ?? null,
    other: input.other ?? null,
    models: input.models.join(','),
    group: groups.join(','),
    status,
    priority: input.priority ?? 0,
    weight: input.weight ?? 0,
    auto_ban: input.autoBan ?? 1,
    test_model: input.testModel ?? null,
    model_mapping: input.modelMapping ? JSON.stringify(input.modelMapping) : null,
    status_code_mapping: input.statusCodeMapping ? JSON.stringify(input.statusCodeMapping) : null,
    openai_organization: null,
    other_info: null,
    created_time: Math.floor(Date.now() / 1000),
  });
  const id = await insertReturningId(db, query);
  const rows = groups.flatMap((group) =>
    input.models.map((model) => ({
      group,
      model,
      channel_id: Number(id),
      enabled: status === 1 ? 1 : 0,
      priority: input.priority ?? 0,
      weight: input.weight ?? 0,
    })),
  );
  if (rows.length > 0) await db.insertInto('abilities').values(rows).execute();
  // As the channel service's writes do: the relay's cached candidates are dropped.
  invalidateChannelCandidates();
  return Number(id);
}

export interface TokenInput {
  remainQuota?: number;
  unlimited?: boolean;
  status?: number;
  expiredTime?: number;
  modelLimits?: string[];
  name?: string;
}

export interface CreatedToken {
  id: number;
  /** The 48-character key as stored (without `sk-`). */
  key: string;
  /** `Bearer sk-<key>` */
  authorization: string;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newTokenKey(): string {
  return Array.from(randomBytes(48), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export async function createToken(
  db: Db,
  userId: number,
  input: TokenInput = {},
): Promise<CreatedToken> {
  const key = newTokenKey();
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('tokens')
    .values({
      user_id: userId,
      key,
      name: input.name ?? 'test-token',
      status: input.status ?? TokenStatus.enabled,
      created_time: now,
      accessed_time: now,
      expired_time: input.expiredTime ?? -1,
      remain_quota: input.remainQuota ?? 0,
      unlimited_quota: input.unlimited === false ? 0 : 1,
      model_limits_enabled: input.modelLimits ? 1 : 0,
      model_limits: (input.modelLimits ?? []).join(','),
      deleted_at: null,
    })
    .execute();
  const row = await db
    .selectFrom('tokens')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), key, authorization: `Bearer sk-${key}` };
}

export async function setOption(db: Db, key: string, value: string): Promise<void> {
  await db.deleteFrom('options').where('key', '=', key).execute();
  await db.insertInto('options').values({ key, value }).execute();
}

export async function userBalance(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function tokenBalance(db: Db, tokenId: number) {
  return db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota', 'status'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
}

export interface RelayHarness {
  server: TestServer;
  db: Db;
  fake: FakeUpstream;
  /** http://127.0.0.1:<port> of the listening relay. */
  url: string;
  close(): Promise<void>;
}

/** A relay on a fresh database listening on loopback, and a fake upstream beside it. */
export async function startRelayHarness(env: Record<string, string> = {}): Promise<RelayHarness> {
  const context = await createTestContext();
  const server = await context.start(env);
  const fake = await startFakeUpstream();
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    db: server.db,
    fake,
    url,
    close: async () => {
      await fake.close();
      await context.close();
    },
  };
}

/** Sum and count of a user's consume logs. */
export async function consumeTotal(db: Db, userId: number) {
  const row = await db
    .selectFrom('logs')
    .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('count')])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .executeTakeFirstOrThrow();
  return { quota: Number(row.quota), count: Number(row.count) };
}

export async function logsOf(db: Db, userId: number) {
  return db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .orderBy('id')
    .execute();
}

/**
 * The consume logs of a user once there are `count` of them: billing settles after the reply
 * has gone out, so a test waits for it (up to five seconds).
 */
export async function waitForLogs(db: Db, userId: number, count = 1) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const logs = await logsOf(db, userId);
    if (logs.length >= count || Date.now() > deadline) return logs;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A channel row in memory (for unit tests of adapters and selection). */
export function channelRowOf(overrides: Partial<CandidateRow> = {}): CandidateRow {
  return {
    id: 1,
    type: 1,
    key: 'k',
    name: 'c',
    status: 1,
    base_url: 'http://127.0.0.1:1',
    other: null,
    openai_organization: null,
    model_mapping: null,
    status_code_mapping: null,
    auto_ban: 1,
    test_model: null,
    models: 'm',
    group: 'default',
    other_info: null,
    priority: 0,
    weight: 0,
    ...overrides,
  };
}

/** POST /v1/chat/completions with one "hi" message, as fetch. */
export function postChat(
  harness: RelayHarness,
  authorization: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    ...(signal ? { signal } : {}),
  });
}
