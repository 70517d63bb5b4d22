// An org token's settings (issue 32): it is funded by the org wallet within the member's cap, so a
// quota window of its own or plan-only — settings the ledger would never apply — are refused with
// a clear refusal (the house's success: false with the message) on create and on edit, and nothing
// is written.
import type { TokenView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { orgWithMembers, signedIn } from '../../helpers/orgs';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const orgKey = (orgId: number, extra: Record<string, unknown> = {}) => ({
  name: 'team key',
  remain_quota: 0,
  expired_time: -1,
  unlimited_quota: true,
  model_limits_enabled: false,
  model_limits: '',
  org_id: orgId,
  ...extra,
});

const tokensOf = async (userId: number) =>
  (await server.db.selectFrom('tokens').select('id').where('user_id', '=', userId).execute())
    .length;

describe('org tokens', () => {
  it('refuses a quota window or plan-only on an org token, and writes nothing', async () => {
    const owner = await signedIn(server);
    const member = await signedIn(server);
    const orgId = await orgWithMembers(owner, [member]);

    const windowed = await member.client.post(
      '/api/token/',
      orgKey(orgId, { window_period: 'day', window_quota: 1000 }),
    );
    expect(windowed.json.success).toBe(false);
    expect(windowed.json.message).toMatch(/member cap/);
    const planOnly = await member.client.post('/api/token/', orgKey(orgId, { plan_only: true }));
    expect(planOnly.json.success).toBe(false);
    expect(planOnly.json.message).toMatch(/plan-only/);
    expect(await tokensOf(member.user.id)).toBe(0);

    // A personal key keeps both settings.
    const personal = await member.client.post('/api/token/', {
      ...orgKey(0, { window_period: 'day', window_quota: 1000, plan_only: true }),
      org_id: undefined,
    });
    expect(personal.json.success).toBe(true);

    const created = await member.client.post<TokenView>('/api/token/', orgKey(orgId));
    const token = created.json.data;
    expect(token?.org_id).toBe(orgId);
    const edited = await member.client.put('/api/token/', {
      ...orgKey(orgId, { window_period: 'week', window_quota: 500 }),
      id: token?.id,
    });
    expect(edited.json.success).toBe(false);
    expect(edited.json.message).toMatch(/member cap/);
    const row = await server.db
      .selectFrom('tokens')
      .select(['window_period', 'window_quota'])
      .where('id', '=', token?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ window_period: '', window_quota: 0 });
  });
});
