// Plans (super admin) and subscriptions bought from the wallet (issue 31): access by role, the
// list a user may buy, a purchase charged exactly once under concurrency, windows as the owner
// sees them, auto_renew, an admin ending one, and the job's renewal and expiry at a moved clock.
import type { PlanView, SubscriptionView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { renderLogContent } from '../../../src/i18n/log-content';
import type { Clock } from '../../../src/lib/clock';
import { signedInUser, userQuota } from '../../helpers/billing';
import { useTestServer } from '../../helpers/test-server';

let offset = 0;
const clock: Clock = { now: () => Math.floor(Date.now() / 1000) + offset };

const server = useTestServer({ clock });

const root = () => signedInUser(server, { role: 100 });

async function createPlan(input: Partial<PlanView> = {}): Promise<PlanView> {
  const { client } = await root();
  const reply = await client.post<PlanView>('/api/plan/', {
    name: 'Coder',
    description: 'GPT for coding',
    price: 1000,
    duration_days: 30,
    models: 'gpt-4o, gpt-4o-mini',
    limits: [
      { period: '5h', quota: 5000 },
      { period: 'day', quota: 20000 },
    ],
    ...input,
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as PlanView;
}

describe('plans', () => {
  it('a super admin creates, updates and lists plans; an admin and a user cannot', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({ status: 1, models: 'gpt-4o,gpt-4o-mini', price: 1000 });
    expect(plan.limits).toEqual([
      { period: '5h', quota: 5000 },
      { period: 'day', quota: 20000 },
    ]);
    const { client } = await root();
    const updated = await client.put<PlanView>('/api/plan/', { ...plan, name: 'Coder Pro' });
    expect(updated.json.data?.name).toBe('Coder Pro');
    const all = await client.get<PlanView[]>('/api/plan/');
    expect(all.json.data?.map((p) => p.id)).toContain(plan.id);

    const admin = (await signedInUser(server, { role: 10 })).client;
    expect((await admin.post('/api/plan/', { name: 'x', price: 1, duration_days: 1 })).status).toBe(
      403,
    );
    // Below super admin the list is only what one may buy: no off-sale plan in it.
    const off = await createPlan({ name: 'Hidden', status: 2 });
    const seen = (await admin.get<PlanView[]>('/api/plan/')).json.data?.map((p) => p.id);
    expect(seen).not.toContain(off.id);
    const user = (await signedInUser(server)).client;
    expect((await user.delete(`/api/plan/${plan.id}`)).status).toBe(403);
  });

  it('refuses bad input and writes nothing', async () => {
    const { client } = await root();
    const before = (await client.get<PlanView[]>('/api/plan/')).json.data?.length;
    const twice = await client.post('/api/plan/', {
      name: 'dup',
      price: 1,
      duration_days: 1,
      limits: [
        { period: 'day', quota: 1 },
        { period: 'day', quota: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    const badPeriod = await client.post('/api/plan/', {
      name: 'p',
      price: 1,
      duration_days: 1,
      limits: [{ period: 'year', quota: 1 }],
    });
    expect(badPeriod.status).toBe(400);
    expect((await client.get<PlanView[]>('/api/plan/')).json.data?.length).toBe(before);
  });

  it('lists to a user only the plans on sale their group may buy', async () => {
    const open = await createPlan({ name: 'Open' });
    const vip = await createPlan({ name: 'VIP only', groups: 'vip' });
    const off = await createPlan({ name: 'Off', status: 2 });
    const { client } = await signedInUser(server);
    const ids = (await client.get<PlanView[]>('/api/plan/?available=true')).json.data?.map(
      (p) => p.id,
    );
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(vip.id);
    expect(ids).not.toContain(off.id);
    const buyOff = await client.post('/api/subscription/', { plan_id: off.id });
    expect(buyOff.json).toMatchObject({ success: false });
    const buyVip = await client.post('/api/subscription/', { plan_id: vip.id });
    expect(buyVip.json).toMatchObject({ success: false });
  });

  it('deletes a plan nobody bought, keeps one somebody did', async () => {
    const unused = await createPlan({ name: 'Unused' });
    const bought = await createPlan({ name: 'Bought' });
    const buyer = await signedInUser(server, { quota: 10_000 });
    expect(
      (await buyer.client.post('/api/subscription/', { plan_id: bought.id })).json.success,
    ).toBe(true);
    const { client } = await root();
    expect((await client.delete(`/api/plan/${unused.id}`)).json.success).toBe(true);
    expect((await client.delete(`/api/plan/${bought.id}`)).json.success).toBe(false);
  });
});

describe('subscriptions from the wallet', () => {
  it('charges the price once and starts the windows; a short wallet gets nothing', async () => {
    const plan = await createPlan({ price: 3000 });
    const { user, client } = await signedInUser(server, { quota: 5000 });
    const bought = await client.post<SubscriptionView>('/api/subscription/', {
      plan_id: plan.id,
      payment_method: 'wallet',
    });
    expect(bought.json.success, bought.json.message).toBe(true);
    expect(await userQuota(server.db, user.id)).toBe(2000);
    const self = (await client.get<SubscriptionView[]>('/api/subscription/self')).json.data ?? [];
    expect(self).toHaveLength(1);
    const [sub] = self;
    expect(sub).toMatchObject({ plan_id: plan.id, status: 1, auto_renew: false, source: 'wallet' });
    expect(sub?.expires_at).toBe((sub?.starts_at ?? 0) + 30 * 86_400);
    expect(sub?.limits.map((w) => [w.period, w.used, w.quota])).toEqual([
      ['5h', 0, 5000],
      ['day', 0, 20000],
    ]);
    expect(sub?.limits[0]?.resets_at).toBe((sub?.starts_at ?? 0) + 5 * 3600);
    const short = await client.post('/api/subscription/', { plan_id: plan.id });
    expect(short.json).toMatchObject({ success: false });
    expect(await userQuota(server.db, user.id)).toBe(2000);
  });

  it('20 concurrent purchases with money for 3 charge exactly 3 times', async () => {
    const plan = await createPlan({ price: 1000, duration_days: 10 });
    const { user, client } = await signedInUser(server, { quota: 3500 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/subscription/', { plan_id: plan.id })),
    );
    expect(replies.filter((r) => r.json.success)).toHaveLength(3);
    expect(await userQuota(server.db, user.id)).toBe(500);
    const self = (await client.get<SubscriptionView[]>('/api/subscription/self')).json.data ?? [];
    const days = self.reduce((sum, s) => sum + (s.expires_at - s.starts_at) / 86_400, 0);
    expect(days).toBe(30);
  });

  it('turns auto_renew on for the owner only; admins list and end it', async () => {
    const plan = await createPlan();
    const owner = await signedInUser(server, { quota: 5000 });
    const sub = (
      await owner.client.post<SubscriptionView>('/api/subscription/', { plan_id: plan.id })
    ).json.data as SubscriptionView;
    const other = await signedInUser(server);
    expect(
      (await other.client.put(`/api/subscription/${sub.id}`, { auto_renew: true })).json.success,
    ).toBe(false);
    const on = await owner.client.put<SubscriptionView>(`/api/subscription/${sub.id}`, {
      auto_renew: true,
    });
    expect(on.json.data?.auto_renew).toBe(true);
    expect((await owner.client.get(`/api/subscription/?user_id=${owner.user.id}`)).status).toBe(
      403,
    );
    expect((await owner.client.delete(`/api/subscription/${sub.id}`)).status).toBe(403);
    const admin = (await signedInUser(server, { role: 10 })).client;
    const listed = await admin.get<SubscriptionView[]>(
      `/api/subscription/?user_id=${owner.user.id}`,
    );
    expect(listed.json.data?.map((s) => s.id)).toEqual([sub.id]);
    expect((await admin.delete(`/api/subscription/${sub.id}`)).json.success).toBe(true);
    const after = (await owner.client.get<SubscriptionView[]>('/api/subscription/self')).json.data;
    expect(after?.[0]?.status).toBe(3);
    expect((await admin.delete(`/api/subscription/${sub.id}`)).json.success).toBe(false);
  });

  it('the job renews from the wallet when auto_renew, expires otherwise, once on two sweeps', async () => {
    const plan = await createPlan({ price: 1000, duration_days: 1 });
    const renewing = await signedInUser(server, { quota: 2500 });
    const lapsing = await signedInUser(server, { quota: 2500 });
    const a = (
      await renewing.client.post<SubscriptionView>('/api/subscription/', { plan_id: plan.id })
    ).json.data as SubscriptionView;
    await lapsing.client.post('/api/subscription/', { plan_id: plan.id });
    await renewing.client.put(`/api/subscription/${a.id}`, { auto_renew: true });
    offset += 86_400 + 60;
    try {
      // Two sweeps at once stand for two nodes: each subscription is renewed or expired once.
      await Promise.all([server.app.subscriptionJob.sweep(), server.app.subscriptionJob.sweep()]);
      const renewed = (await renewing.client.get<SubscriptionView[]>('/api/subscription/self')).json
        .data?.[0];
      expect(renewed).toMatchObject({ status: 1, expires_at: a.expires_at + 86_400 });
      expect(await userQuota(server.db, renewing.user.id)).toBe(500);
      // One line on the user's log for the renewal, in the reader's language.
      const logs = await server.db
        .selectFrom('logs')
        .select(['content', 'quota'])
        .where('user_id', '=', renewing.user.id)
        .where('content', 'like', '%log.planRenewed%')
        .execute();
      expect(logs).toHaveLength(1);
      expect(logs[0]?.quota).toBe(1000);
      expect(renderLogContent(logs[0]?.content ?? '', 'en')).toBe(
        `Plan ${plan.name} (#${plan.id}) renewed from the wallet for another 1 day(s)`,
      );
      expect(renderLogContent(logs[0]?.content ?? '', 'zh')).toContain('从钱包支付');
      const lapsed = (await lapsing.client.get<SubscriptionView[]>('/api/subscription/self')).json
        .data?.[0];
      expect(lapsed?.status).toBe(2);
      expect(await userQuota(server.db, lapsing.user.id)).toBe(1500);
      // A day later the renewing wallet is short: it expires.
      offset += 86_400;
      await server.app.subscriptionJob.sweep();
      const ended = (await renewing.client.get<SubscriptionView[]>('/api/subscription/self')).json
        .data?.[0];
      expect(ended?.status).toBe(2);
      expect(await userQuota(server.db, renewing.user.id)).toBe(500);
      const after = await server.db
        .selectFrom('logs')
        .select('id')
        .where('user_id', '=', renewing.user.id)
        .where('content', 'like', '%log.planRenewed%')
        .execute();
      expect(after).toHaveLength(1);
    } finally {
      offset = 0;
    }
  });
});

describe('plans granted without a charge', () => {
  it('a code with a plan activates it, then extends it; the code list shows the plan', async () => {
    const plan = await createPlan({ name: 'Code plan', duration_days: 7, status: 2 });
    const admin = (await signedInUser(server, { role: 10 })).client;
    const created = await admin.post<string[]>('/api/redemption/', {
      name: 'plan codes',
      quota: 123,
      count: 2,
      plan_id: plan.id,
    });
    expect(created.json.success, created.json.message).toBe(true);
    const [first, second] = created.json.data as string[];
    const unknown = await admin.post('/api/redemption/', {
      name: 'x',
      quota: 1,
      count: 1,
      plan_id: 999_999,
    });
    expect(unknown.json.success).toBe(false);
    const listed = await admin.get<{ items: { key: string; plan_id: number; quota: number }[] }>(
      '/api/redemption/?p=0',
    );
    expect(listed.json.data?.items.find((code) => code.key === first)).toMatchObject({
      plan_id: plan.id,
      quota: 0,
    });
    const { user, client } = await signedInUser(server, { quota: 10 });
    expect((await client.post('/api/user/topup', { key: first })).json.success).toBe(true);
    expect((await client.post('/api/user/topup', { key: second })).json.success).toBe(true);
    expect(await userQuota(server.db, user.id)).toBe(10);
    const subs = (await client.get<SubscriptionView[]>('/api/subscription/self')).json.data ?? [];
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan_id: plan.id, source: 'redemption', status: 1 });
    expect((subs[0]?.expires_at ?? 0) - (subs[0]?.starts_at ?? 0)).toBe(14 * 86_400);
    // Used once: a third try of the same code gives nothing.
    expect((await client.post('/api/user/topup', { key: first })).json.success).toBe(false);
  });

  it('DefaultPlanId is granted once to a new user at registration', async () => {
    const plan = await createPlan({ name: 'Welcome', duration_days: 3 });
    await server.runtime.options.set('DefaultPlanId', String(plan.id));
    try {
      const username = `np${Date.now() % 1_000_000}`;
      const reply = await server
        .client()
        .post('/api/user/register', { username, password: 'password123' });
      expect(reply.json.success, reply.json.message).toBe(true);
      const row = await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const subs = await server.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', Number(row.id))
        .execute();
      expect(subs.map((s) => [Number(s.plan_id), s.source])).toEqual([[plan.id, 'default']]);
    } finally {
      await server.runtime.options.set('DefaultPlanId', '0');
    }
  });
});
