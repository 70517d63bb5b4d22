// The limiter's behaviour, run once per store (this process; Redis): exact counts under
// concurrency, TPM correction, concurrency slots, every quota window and the refusal's headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitStore } from '../../src/modules/limits/limit-store';
import type { Admission, LimitLease } from '../../src/modules/limits/limits.service';
import type { LimitRefusal } from '../../src/modules/limits/rate-headers';
import { admitAtOnce, type LimitsHarness, limitsHarness } from './limits';
import { setOption } from './relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from './server';

/** Monday 2026-11-23 10:00:30 UTC. */
export const MONDAY_MS = Date.UTC(2026, 10, 23, 10, 0, 30);

const leaseOf = (admission: Admission): LimitLease => {
  if (!admission.admitted) throw new Error(`refused: ${admission.refusal.kind}`);
  return admission.lease;
};
const refusalOf = (admission: Admission): LimitRefusal => {
  if (admission.admitted) throw new Error('admitted');
  return admission.refusal;
};

export function describeLimits(storeName: string, makeStore: () => LimitStore): void {
  let ctx: TestContext;
  let server: TestServer;
  let h: LimitsHarness;

  beforeAll(async () => {
    ctx = await createTestContext();
    server = await ctx.start();
  });
  afterAll(() => ctx.close());

  const fresh = async (startMs = MONDAY_MS) => {
    h = await limitsHarness(server.db, makeStore(), startMs);
    return h;
  };
  const admit = (
    token: Parameters<LimitsHarness['limits']['admit']>[0]['token'],
    userId: number,
    extra: { tokens?: number; quota?: number } = {},
  ) =>
    h.limits.admit({
      token,
      userId,
      group: 'default',
      estimatedTokens: extra.tokens ?? 10,
      estimatedQuota: extra.quota ?? 0,
    });

  describe(`limits (${storeName})`, () => {
    it.each([50, 200])(
      'admits exactly 10 of %i simultaneous requests on a 10-rpm token',
      async (count) => {
        await fresh();
        const { token, userId } = await h.newToken({ rpm_limit: 10 });
        const { admitted, results } = await admitAtOnce(h, token, userId, count);
        expect(admitted).toBe(10);
        const refused = results.find((result) => !result.admitted);
        const refusal = refusalOf(refused as Admission);
        expect(refusal.status).toBe(429);
        expect(refusal.code).toBe('rate_limit_exceeded');
        // 10:00:30 → the minute ends in 30 s.
        expect(refusal.headers).toMatchObject({
          'retry-after': '30',
          'x-ratelimit-limit-requests': '10',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '30s',
        });
        expect(refusal.message('en')).toContain('10 requests per minute');
        expect(refusal.message('zh')).toContain('每分钟最多 10 次请求');
        h.clock.ms += 30_000;
        expect((await admitAtOnce(h, token, userId, count)).admitted).toBe(10);
      },
    );

    it('counts estimated tokens for TPM and corrects them to the real usage at settlement', async () => {
      await fresh();
      const { token, userId } = await h.newToken({ tpm_limit: 1000, rpm_limit: 100 });
      const first = leaseOf(await admit(token, userId, { tokens: 800 }));
      expect(first.headers).toMatchObject({
        'x-ratelimit-limit-tokens': '1000',
        'x-ratelimit-remaining-tokens': '200',
        'x-ratelimit-limit-requests': '100',
        'x-ratelimit-remaining-requests': '99',
      });
      const refused = refusalOf(await admit(token, userId, { tokens: 300 }));
      expect(refused.kind).toBe('tpm');
      expect(refused.headers['x-ratelimit-remaining-tokens']).toBe('200');
      await first.settle(100, 50);
      const second = leaseOf(await admit(token, userId, { tokens: 300 }));
      expect(second.headers['x-ratelimit-remaining-tokens']).toBe('600');
      // The refused request took nothing: rpm counts only the two admitted ones.
      expect(second.headers['x-ratelimit-remaining-requests']).toBe('98');
      await second.release();
      expect((await admitAtOnce(h, token, userId, 50, { estimatedTokens: 100 })).admitted).toBe(9);
    });

    it('holds concurrency slots until settle or release', async () => {
      await fresh();
      const { token, userId } = await h.newToken({ concurrency_limit: 3 });
      const { admitted, results } = await admitAtOnce(h, token, userId, 60);
      expect(admitted).toBe(3);
      const refusal = refusalOf(results.find((r) => !r.admitted) as Admission);
      expect(refusal.kind).toBe('concurrency');
      expect(refusal.headers['retry-after']).toBe('1');
      const leases = results.filter((r) => r.admitted).map(leaseOf);
      await leases[0]?.settle(5, 5);
      await leases[1]?.release();
      await leases[1]?.release();
      expect((await admitAtOnce(h, token, userId, 10)).admitted).toBe(2);
    });

    it("applies GroupRateLimits per user across all of that user's tokens", async () => {
      await fresh();
      await setOption(server.db, 'GroupRateLimits', JSON.stringify({ vip: { rpm: 4 } }));
      await h.options.load();
      const { token, userId } = await h.newToken({});
      const second = { ...token, id: token.id + 100_000 };
      const both = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          h.limits.admit({
            token: i % 2 ? token : second,
            userId,
            group: 'vip',
            estimatedTokens: 1,
            estimatedQuota: 0,
          }),
        ),
      );
      expect(both.filter((r) => r.admitted)).toHaveLength(4);
      const refusal = refusalOf(both.find((r) => !r.admitted) as Admission);
      expect(refusal.kind).toBe('group_rpm');
      expect(refusal.message('en')).toContain('group vip');
      // Another group and another user are not affected.
      expect((await admitAtOnce(h, token, userId, 5, { group: 'default' })).admitted).toBe(5);
      expect((await admitAtOnce(h, token, userId + 1, 5, { group: 'vip' })).admitted).toBe(4);
    });

    it('never overspends a window by more than one reservation under 100 simultaneous requests', async () => {
      await fresh();
      const { token, userId } = await h.newToken({ window_period: 'day', window_quota: 1000 });
      const { admitted, results } = await admitAtOnce(h, token, userId, 100, {
        estimatedQuota: 150,
      });
      // 1000 / 150: six reservations leave 100 unreserved, the seventh may take it.
      expect(admitted).toBe(7);
      await Promise.all(results.filter((r) => r.admitted).map((r) => leaseOf(r).settle(10, 150)));
      const row = await server.db
        .selectFrom('tokens')
        .select(['window_used', 'window_reserved'])
        .where('id', '=', token.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.window_used)).toBe(1050);
      expect(Number(row.window_reserved)).toBe(0);
      expect(Number(row.window_used)).toBeLessThanOrEqual(1000 + 150);
      const refusal = refusalOf(await admit(token, userId, { quota: 1 }));
      expect(refusal.kind).toBe('window');
      expect(refusal.code).toBe('insufficient_quota');
      // Monday 10:00:30 UTC → midnight is 13 h 59 min 30 s away.
      expect(refusal.headers['retry-after']).toBe(String(13 * 3600 + 59 * 60 + 30));
    });

    it('gives a released window reservation back', async () => {
      await fresh();
      const { token, userId } = await h.newToken({ window_period: '5h', window_quota: 100 });
      const lease = leaseOf(await admit(token, userId, { quota: 100 }));
      expect(refusalOf(await admit(token, userId, { quota: 1 })).kind).toBe('window');
      await lease.release();
      leaseOf(await admit(token, userId, { quota: 100 }));
    });

    it('rolls a 5h window from its first request', async () => {
      await fresh();
      const { token, userId } = await h.newToken({ window_period: '5h', window_quota: 100 });
      await leaseOf(await admit(token, userId, { quota: 60 })).settle(1, 100);
      h.clock.ms += 2 * 3600_000;
      const refusal = refusalOf(await admit(token, userId));
      expect(refusal.headers['retry-after']).toBe(String(3 * 3600));
      h.clock.ms += 3 * 3600_000 - 1000;
      expect((await admit(token, userId)).admitted).toBe(false);
      h.clock.ms += 1000;
      await leaseOf(await admit(token, userId, { quota: 60 })).settle(1, 100);
      // The new window began now: its refusal waits the full 5 hours.
      expect(refusalOf(await admit(token, userId)).headers['retry-after']).toBe(String(5 * 3600));
    });

    it.each([
      ['day', Date.UTC(2026, 10, 24)],
      ['week', Date.UTC(2026, 10, 30)],
      ['month', Date.UTC(2026, 11, 1)],
    ] as const)('resets a %s window at the start of the next one', async (period, nextStart) => {
      await fresh();
      const { token, userId } = await h.newToken({ window_period: period, window_quota: 10 });
      await leaseOf(await admit(token, userId, { quota: 10 })).settle(1, 10);
      const refusal = refusalOf(await admit(token, userId));
      expect(refusal.headers['retry-after']).toBe(String((nextStart - MONDAY_MS) / 1000));
      h.clock.ms = nextStart - 1000;
      expect((await admit(token, userId)).admitted).toBe(false);
      h.clock.ms = nextStart;
      expect((await admit(token, userId)).admitted).toBe(true);
    });

    it('follows the timezone option for calendar windows', async () => {
      await fresh();
      await setOption(server.db, 'QuotaWindowTimezone', 'Asia/Shanghai');
      await h.options.load();
      const { token, userId } = await h.newToken({ window_period: 'day', window_quota: 10 });
      await leaseOf(await admit(token, userId, { quota: 10 })).settle(1, 10);
      // 10:00:30 UTC is 18:00:30 in Shanghai: the day ends at 16:00 UTC.
      const refusal = refusalOf(await admit(token, userId));
      expect(refusal.headers['retry-after']).toBe(String(6 * 3600 - 30));
      h.clock.ms = Date.UTC(2026, 10, 23, 16);
      expect((await admit(token, userId)).admitted).toBe(true);
      await setOption(server.db, 'QuotaWindowTimezone', 'UTC');
    });
  });
}
