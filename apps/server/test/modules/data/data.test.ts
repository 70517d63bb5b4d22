// Dashboard data: consume logs folded into hourly buckets exactly once, and the /api/data reads.
import { LogType, type UsageBucket, type UsageDataReply } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageAggregator } from '../../../src/modules/data/usage-aggregator';
import { useAudience } from '../../helpers/audience';
import { consumeLog, seedLogs } from '../../helpers/logs';

const cast = useAudience();
let now = Math.floor(Date.now() / 1000);
const HOUR = 3600;
const hour0 = Math.floor(now / HOUR) * HOUR - 5 * HOUR;
const clock = { now: () => now };

const aggregator = () =>
  new UsageAggregator({ db: cast.server.db, options: cast.server.runtime.options, clock });

const buckets = async () =>
  cast.server.db
    .selectFrom('quota_data')
    .select(['user_id', 'model_name', 'created_at', 'count', 'quota', 'token_used'])
    .orderBy('user_id')
    .orderBy('model_name')
    .orderBy('created_at')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        count: Number(row.count),
        quota: Number(row.quota),
        token_used: Number(row.token_used),
      })),
    );

beforeAll(async () => {
  await seedLogs(cast.server.db, [
    consumeLog(cast.alice, { created_at: hour0 + 10, quota: 100 }),
    consumeLog(cast.alice, { created_at: hour0 + 3500, quota: 50 }),
    consumeLog(cast.alice, { created_at: hour0 + HOUR + 1, quota: 7 }),
    consumeLog(cast.alice, { created_at: hour0 + 20, quota: 9, model_name: 'gpt-4o' }),
    consumeLog(cast.bob, { created_at: hour0 + 30, quota: 1000 }),
    consumeLog(cast.bob, { created_at: hour0 + 40, type: LogType.topup, quota: 123456 }),
  ]);
});

describe('usage aggregation', () => {
  it('folds consume logs into per-user, per-model hourly buckets', async () => {
    await aggregator().runOnce();
    expect(await buckets()).toEqual([
      {
        user_id: cast.alice.id,
        model_name: 'gpt-4o',
        created_at: hour0,
        count: 1,
        quota: 9,
        token_used: 15,
      },
      {
        user_id: cast.alice.id,
        model_name: 'gpt-4o-mini',
        created_at: hour0,
        count: 2,
        quota: 150,
        token_used: 30,
      },
      {
        user_id: cast.alice.id,
        model_name: 'gpt-4o-mini',
        created_at: hour0 + HOUR,
        count: 1,
        quota: 7,
        token_used: 15,
      },
      {
        user_id: cast.bob.id,
        model_name: 'gpt-4o-mini',
        created_at: hour0,
        count: 1,
        quota: 1000,
        token_used: 15,
      },
    ]);
  });

  it('never counts a log twice, and adds new logs to existing buckets', async () => {
    await aggregator().runOnce();
    await seedLogs(cast.server.db, [consumeLog(cast.alice, { created_at: hour0 + 60, quota: 1 })]);
    await aggregator().runOnce();
    const [, mini] = await buckets();
    expect(mini).toMatchObject({ count: 3, quota: 151, token_used: 45 });
  });

  it('records when the data was last brought up to date, and the API says so', async () => {
    const range = () => `start_timestamp=${hour0 - HOUR}&end_timestamp=${now + HOUR}`;
    await aggregator().runOnce();
    const first = await cast.aliceClient.get<UsageBucket[]>(`/api/data/self?${range()}`);
    expect((first.json as unknown as UsageDataReply).folded_at).toBe(now - 60);
    expect(Array.isArray(first.json.data)).toBe(true);
    now += 600;
    await aggregator().runOnce();
    const admin = await cast.adminClient.get<UsageBucket[]>(`/api/data/?${range()}`);
    expect((admin.json as unknown as UsageDataReply).folded_at).toBe(now - 60);
  });

  it('waits until a log has settled before folding it', async () => {
    await seedLogs(cast.server.db, [
      consumeLog(cast.bob, { created_at: now - 5, quota: 2, model_name: 'fresh' }),
    ]);
    await aggregator().runOnce();
    expect((await buckets()).some((row) => row.model_name === 'fresh')).toBe(false);
    now += 120;
    await aggregator().runOnce();
    expect((await buckets()).filter((row) => row.model_name === 'fresh')).toHaveLength(1);
  });

  it('counts each log once when several nodes aggregate at the same time', async () => {
    const extra = Array.from({ length: 300 }, (_, i) =>
      consumeLog(cast.bob, { created_at: hour0 + 2 * HOUR + i, quota: 3, model_name: 'race' }),
    );
    await seedLogs(cast.server.db, extra);
    await Promise.all([aggregator().runOnce(), aggregator().runOnce(), aggregator().runOnce()]);
    const race = (await buckets()).filter((row) => row.model_name === 'race');
    expect(race).toEqual([
      {
        user_id: cast.bob.id,
        model_name: 'race',
        created_at: hour0 + 2 * HOUR,
        count: 300,
        quota: 900,
        token_used: 4500,
      },
    ]);
  });
});

describe('GET /api/data/self and /api/data/', () => {
  const range = () => `start_timestamp=${hour0 - HOUR}&end_timestamp=${now + HOUR}`;

  it('gives a user only their own buckets', async () => {
    const reply = await cast.aliceClient.get<UsageBucket[]>(
      `/api/data/self?${range()}&username=${cast.bob.username}`,
    );
    expect(reply.json.success).toBe(true);
    expect(reply.json.data?.map((row) => row.username)).toEqual(Array(3).fill(cast.alice.username));
    expect(reply.json.data?.reduce((sum, row) => sum + row.quota, 0)).toBe(167);
  });

  it('gives an admin every user summed per model and hour, or one username', async () => {
    const all = await cast.adminClient.get<UsageBucket[]>(`/api/data/?${range()}`);
    const mini = all.json.data?.find(
      (row) => row.model_name === 'gpt-4o-mini' && row.created_at === hour0,
    );
    expect(mini).toMatchObject({ count: 4, quota: 1151 });
    const one = await cast.adminClient.get<UsageBucket[]>(
      `/api/data/?${range()}&username=${cast.bob.username}`,
    );
    expect(new Set(one.json.data?.map((row) => row.username))).toEqual(
      new Set([cast.bob.username]),
    );
  });

  it('refuses ordinary users on the admin endpoint', async () => {
    expect((await cast.aliceClient.get(`/api/data/?${range()}`)).status).toBe(403);
    expect((await cast.server.client().get(`/api/data/self?${range()}`)).status).toBe(401);
  });

  it('refuses a reversed or over-wide range and a missing one', async () => {
    const reversed = await cast.aliceClient.get(
      `/api/data/self?start_timestamp=${now}&end_timestamp=${now - 1}`,
    );
    expect(reversed.json).toMatchObject({ success: false });
    const wide = await cast.aliceClient.get(
      `/api/data/self?start_timestamp=${now - 40 * 24 * HOUR}&end_timestamp=${now}`,
    );
    expect(wide.json.message).toMatch(/31 days/);
    expect((await cast.aliceClient.get('/api/data/self')).status).toBe(400);
  });
});
