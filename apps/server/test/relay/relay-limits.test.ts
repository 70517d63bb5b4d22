// End to end through the relay: 50 simultaneous requests on a 10-rpm token → 10 served, 40
// refused with 429, OpenAI's error and x-ratelimit-* headers and Retry-After; served replies
// carry the headers; a window is charged the real quota of each served request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { awayFromMinuteEdge } from '../helpers/limits';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, { key: 'limits-key', baseUrl: h.fake.url, models: ['gpt-4'] });
  await seedChannel(h.db, { key: 'limits-broken', baseUrl: h.fake.url, models: ['broken-4'] });
  h.fake.behave('limits-broken', { status: 400 });
  await seedChannel(h.db, { key: 'limits-slow', baseUrl: h.fake.url, models: ['slow-4'] });
  h.fake.behave('limits-slow', { delayMs: 1000 });
});
afterAll(() => h.close());

async function limitedToken(fields: Record<string, number | string>) {
  const user = await createUser(h.db, { quota: 100_000_000 });
  const token = await createToken(h.db, user.id);
  await h.db.updateTable('tokens').set(fields).where('id', '=', token.id).execute();
  return { user, token };
}

describe('relay limits', () => {
  it('serves exactly 10 of 50 simultaneous requests on a 10-rpm token', async () => {
    const { token } = await limitedToken({ rpm_limit: 10 });
    await awayFromMinuteEdge();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => postChat(h, token.authorization, { model: 'gpt-4' })),
    );
    const served = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(served).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(served[0]?.headers.get('x-ratelimit-limit-requests')).toBe('10');
    const refusal = refused[0] as Response;
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refusal.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(refusal.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+(ms|s)$|m\d+s$/);
    const body = (await refusal.json()) as { error: { code: string; type: string } };
    expect(body.error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_exceeded' });
  });

  it('charges a quota window the real quota of each served request and refuses when spent', async () => {
    const { user, token } = await limitedToken({ window_period: 'day', window_quota: 1 });
    const first = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(first.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id, 1);
    const row = await h.db
      .selectFrom('tokens')
      .select('window_used')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.window_used)).toBe(log?.quota);
    const second = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_quota',
    );
  });

  it('holds the window in the reservation: 30 at once overspend it by at most one reservation', async () => {
    const { user, token } = await limitedToken({ window_period: 'day', window_quota: 2000 });
    // Each reserves (prompt + 10 replies at the completion ratio) × gpt-4's ratio 15 ≈ 400.
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        postChat(h, token.authorization, { model: 'gpt-4', max_tokens: 10 }),
      ),
    );
    const served = replies.filter((reply) => reply.status === 200).length;
    const refused = replies.filter((reply) => reply.status === 429);
    expect(served).toBeGreaterThan(0);
    expect(served + refused.length).toBe(30);
    const logs = await waitForLogs(h.db, user.id, served);
    const charged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
    const journal = await h.db
      .selectFrom('relay_reservations')
      .select('id')
      .where('token_id', '=', token.id)
      .execute();
    expect(journal).toEqual([]);
    const row = await h.db
      .selectFrom('tokens')
      .select(['window_used', 'window_reserved', 'used_quota'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    // Settled with the balances: the real charges in the window, every hold given back.
    expect(Number(row.window_reserved)).toBe(0);
    expect(Number(row.window_used)).toBe(charged);
    expect(Number(row.used_quota)).toBe(charged);
    expect(charged).toBeLessThan(2000 + 500);
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives a concurrency slot back when the request fails, and keeps it while one is served', async () => {
    const { token } = await limitedToken({ concurrency_limit: 1 });
    const failed = await postChat(h, token.authorization, { model: 'broken-4' });
    expect(failed.status).toBe(400);
    // The failure was refunded, and its slot with it: the next request is served.
    const served = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(served.status).toBe(200);
    const slow = postChat(h, token.authorization, { model: 'slow-4' });
    // Once the upstream has the slow request, its slot is held.
    const deadline = Date.now() + 5000;
    while (!h.fake.requests.some((seen) => seen.key === 'limits-slow') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const second = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(second.status).toBe(429);
    expect((await slow).status).toBe(200);
  });

  it('answers an Anthropic caller in its own shape, and puts the headers on streams', async () => {
    const { token } = await limitedToken({ rpm_limit: 1 });
    await awayFromMinuteEdge();
    const stream = await postChat(h, token.authorization, { model: 'gpt-4', stream: true });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    await stream.text();
    const refused = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': token.authorization },
      body: JSON.stringify({
        model: 'gpt-4',
        max_tokens: 16,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error' },
    });
  });
});
