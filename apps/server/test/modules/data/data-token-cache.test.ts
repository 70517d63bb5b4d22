// The dashboard's per-token cache-hit data (issue 28): prompt and cached tokens (the consume
// log's `other.cached_tokens`) per token and hour, the range's top tokens by prompt tokens,
// a user's own tokens only, every user's for admins, nothing made up for an empty range.
import { LogType, type TokenCacheBucket } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAudience } from '../../helpers/audience';
import { consumeLog, seedLogs } from '../../helpers/logs';

const cast = useAudience();
const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);
const hour0 = Math.floor(now / HOUR) * HOUR - 4 * HOUR;
const range = `start_timestamp=${hour0 - HOUR}&end_timestamp=${now}`;
const other = (cached: number | undefined) =>
  JSON.stringify({
    model_ratio: 1,
    ...(cached === undefined ? {} : { cached_tokens: cached, cache_hit_ratio: 0.5 }),
  });

beforeAll(async () => {
  const { alice, bob } = cast;
  const call = (
    user: typeof alice,
    token: [number, string],
    at: number,
    prompt: number,
    cached: number | undefined,
  ) =>
    consumeLog(user, {
      token_id: token[0],
      token_name: token[1],
      created_at: at,
      prompt_tokens: prompt,
      other: other(cached),
    });
  await seedLogs(cast.server.db, [
    call(alice, [11, 'agent'], hour0 + 10, 1000, 600),
    call(alice, [11, 'agent'], hour0 + 20, 1000, 200),
    call(alice, [11, 'agent'], hour0 + HOUR + 5, 2000, 1500),
    // No cache reported, or `other` that is not JSON: 0 cached, the prompt still counts.
    call(alice, [12, 'script'], hour0 + 30, 500, undefined),
    { ...call(alice, [12, 'script'], hour0 + 40, 300, undefined), other: 'not json' },
    call(alice, [13, 'tiny'], hour0 + 50, 10, 10),
    // Renamed between two hours: both hours go by its newest name.
    call(alice, [14, 'old-name'], hour0 + 60, 100, 50),
    call(alice, [14, 'new-name'], hour0 + 2 * HOUR, 100, 25),
    call(bob, [21, 'bob-key'], hour0 + 60, 9000, 9000),
    // Not a call, and before the range: neither counts.
    { ...call(alice, [11, 'agent'], hour0 + 70, 7777, 7777), type: LogType.topup },
    call(alice, [11, 'agent'], hour0 - 3 * HOUR, 5555, 5555),
  ]);
});

const get = (client: typeof cast.aliceClient, path: string) =>
  client.get<TokenCacheBucket[]>(path).then((reply) => {
    expect(reply.json.success, reply.json.message).toBe(true);
    return reply.json.data ?? [];
  });

describe('GET /api/data/token_cache/self and /api/data/token_cache', () => {
  it("sums a user's own tokens' prompt and cached tokens per hour, oldest first", async () => {
    const rows = await get(cast.aliceClient, `/api/data/token_cache/self?${range}`);
    expect(rows.filter((row) => row.token_id === 11)).toEqual([
      {
        token_id: 11,
        token_name: 'agent',
        username: cast.alice.username,
        created_at: hour0,
        prompt_tokens: 2000,
        cached_tokens: 800,
      },
      {
        token_id: 11,
        token_name: 'agent',
        username: cast.alice.username,
        created_at: hour0 + HOUR,
        prompt_tokens: 2000,
        cached_tokens: 1500,
      },
    ]);
    expect(rows.find((row) => row.token_id === 12)).toMatchObject({
      prompt_tokens: 800,
      cached_tokens: 0,
    });
    expect(rows.some((row) => row.token_id === 21)).toBe(false);
    const renamed = rows.filter((row) => row.token_id === 14);
    expect(renamed.map((row) => [row.token_name, row.cached_tokens])).toEqual([
      ['new-name', 50],
      ['new-name', 25],
    ]);
  });

  it('keeps the top N tokens by prompt tokens', async () => {
    const rows = await get(cast.aliceClient, `/api/data/token_cache/self?${range}&top=2`);
    expect([...new Set(rows.map((row) => row.token_id))].sort()).toEqual([11, 12]);
    const over = await cast.aliceClient.get(`/api/data/token_cache/self?${range}&top=99`);
    expect(over.status).toBe(400);
  });

  it("gives an admin every user's tokens; refuses users on the admin route", async () => {
    const rows = await get(cast.adminClient, `/api/data/token_cache?${range}&top=1`);
    expect(rows).toEqual([
      expect.objectContaining({
        token_id: 21,
        username: cast.bob.username,
        prompt_tokens: 9000,
        cached_tokens: 9000,
      }),
    ]);
    expect((await cast.aliceClient.get(`/api/data/token_cache?${range}`)).status).toBe(403);
    expect((await cast.server.client().get(`/api/data/token_cache/self?${range}`)).status).toBe(
      401,
    );
  });

  it('answers an empty range with nothing, and refuses a reversed one', async () => {
    const empty = `start_timestamp=${now + HOUR}&end_timestamp=${now + 2 * HOUR}`;
    expect(await get(cast.aliceClient, `/api/data/token_cache/self?${empty}`)).toEqual([]);
    const reversed = await cast.aliceClient.get(
      `/api/data/token_cache/self?start_timestamp=${now}&end_timestamp=${now - 1}`,
    );
    expect(reversed.json.success).toBe(false);
  });
});
