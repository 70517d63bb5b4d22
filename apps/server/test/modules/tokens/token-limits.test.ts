// Token limit fields on /api/token (issue 17): stored, shown with the window's usage and reset,
// validated; the GroupRateLimits option refuses a malformed map.
import { type Page, Role, type TokenView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { loadTokenLimits } from '../../../src/modules/limits/window.repository';
import { signedInUser } from '../../helpers/billing';
import { useTestServer } from '../../helpers/test-server';

/** Monday 2026-11-23 10:00:00 UTC, moved by the tests. */
const clock = { seconds: Date.UTC(2026, 10, 23, 10) / 1000 };

const server = useTestServer({
  clock: { now: () => clock.seconds, nowMs: () => clock.seconds * 1000 },
});

const tokenInput = (extra: Record<string, unknown> = {}) => ({
  name: 'limited',
  remain_quota: 500000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  ...extra,
});

describe('token limits', () => {
  it('stores the limits, shows the window usage and when it resets', async () => {
    const { client } = await signedInUser(server);
    const created = await client.post(
      '/api/token/',
      tokenInput({
        rpm_limit: 60,
        tpm_limit: 40000,
        concurrency_limit: 2,
        window_period: 'day',
        window_quota: 1000,
      }),
    );
    expect(created.json.success, created.json.message).toBe(true);
    const page = (await client.get<Page<TokenView>>('/api/token/?p=0&size=10')).json.data;
    const token = page?.items[0] as TokenView;
    expect(token).toMatchObject({
      rpm_limit: 60,
      tpm_limit: 40000,
      concurrency_limit: 2,
      window_period: 'day',
      window_quota: 1000,
      window_used: 0,
      window_resets_at: 0,
    });

    const limits = await loadTokenLimits(server.db, token.id);
    const admission = await server.app.limits.admit({
      token: limits ?? token,
      userId: 0,
      group: 'default',
      estimatedTokens: 10,
      estimatedQuota: 100,
    });
    if (!admission.admitted) throw new Error('refused');
    await admission.lease.settle(10, 250);
    const shown = (await client.get<TokenView>(`/api/token/${token.id}`)).json.data;
    expect(shown).toMatchObject({
      window_used: 250,
      window_resets_at: Date.UTC(2026, 10, 24) / 1000,
    });

    // The next day the window is over: nothing spent, no reset pending.
    clock.seconds = Date.UTC(2026, 10, 24, 0, 0, 1) / 1000;
    const later = (await client.get<TokenView>(`/api/token/${token.id}`)).json.data;
    expect(later).toMatchObject({ window_used: 0, window_resets_at: 0 });

    const updated = await client.put('/api/token/', {
      ...tokenInput({ rpm_limit: 0, window_period: '5h', window_quota: 500 }),
      id: token.id,
    });
    expect(updated.json.data).toMatchObject({ rpm_limit: 0, tpm_limit: 0, window_period: '5h' });
  });

  it('defaults to no limits for clients that send none', async () => {
    const { client } = await signedInUser(server);
    await client.post('/api/token/', tokenInput());
    const page = (await client.get<Page<TokenView>>('/api/token/?p=0&size=10')).json.data;
    expect(page?.items[0]).toMatchObject({ rpm_limit: 0, window_period: '', window_quota: 0 });
  });

  it.each([
    { rpm_limit: -1 },
    { tpm_limit: 1.5 },
    { window_period: 'year' },
    { concurrency_limit: 'many' },
  ])('refuses %o', async (bad) => {
    const { client } = await signedInUser(server);
    const reply = await client.post('/api/token/', tokenInput(bad));
    expect(reply.json.success).toBe(false);
  });

  it('accepts GroupRateLimits as group → {rpm, tpm} and refuses anything else', async () => {
    const { client } = await signedInUser(server, { role: Role.root });
    const good = await client.put('/api/option/', {
      key: 'GroupRateLimits',
      value: '{"vip":{"rpm":60,"tpm":100000}}',
    });
    expect(good.json.success, good.json.message).toBe(true);
    const bad = await client.put('/api/option/', { key: 'GroupRateLimits', value: '{"vip":60}' });
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.message).toContain('Group rate limits');
    expect(server.app.limits.groupLimits('vip')).toEqual({ rpm: 60, tpm: 100000 });
  });
});
