// Organizations through the API (issue 32): create and list, invitations (expiry, reuse, the
// wrong user, mailed when SMTP is set), roles and the last owner, caps, the wallet's top-ups in
// the org's log, who sees which org logs, deletion only with an empty wallet, and the audit of a
// site admin's changes.
import type { OrgDetail, OrgView, PagedList } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../fakes/smtp-sink';
import { orgWithMembers, signedIn, signedInSiteAdmin } from '../../helpers/orgs';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

describe('organizations', () => {
  it('creates an org owned by its creator, listed with the role', async () => {
    const owner = await signedIn(server);
    const created = await owner.client.post<OrgView>('/api/org/', { name: '  Acme  ' });
    expect(created.json.data).toMatchObject({ name: 'Acme', role: 'owner', quota: 0 });
    const mine = await owner.client.get<OrgView[]>('/api/org/self');
    expect(mine.json.data?.map((org) => org.name)).toEqual(['Acme']);
    const bad = await owner.client.post('/api/org/', { name: '' });
    expect(bad.status).toBe(400);
  });

  it('invitations: single use, for one user, until they expire', async () => {
    const owner = await signedIn(server);
    const invitee = await signedIn(server);
    const stranger = await signedIn(server);
    const orgId = await orgWithMembers(owner, []);
    const invite = () =>
      owner.client.post<{ code: string }>(`/api/org/${orgId}/invitation`, {
        username: invitee.user.username,
        role: 'admin',
      });
    const first = (await invite()).json.data?.code ?? '';
    const wrong = await stranger.client.post('/api/org/invitation/accept', { code: first });
    expect(wrong.status).toBe(403);
    // An expired invitation is refused, and nothing is joined.
    const expiring = (await invite()).json.data?.code ?? '';
    await server.db
      .updateTable('org_invitations')
      .set({ expires_at: 1 })
      .where('code', '=', expiring)
      .execute();
    const late = await invitee.client.post('/api/org/invitation/accept', { code: expiring });
    expect(late.json).toMatchObject({ success: false, message: 'The invitation has expired' });
    const joined = await invitee.client.post('/api/org/invitation/accept', { code: first });
    expect(joined.json.data).toMatchObject({ org_id: orgId, role: 'admin' });
    const reused = await invitee.client.post('/api/org/invitation/accept', { code: first });
    expect(reused.json.success).toBe(false);
    const again = await invite();
    expect(again.json).toMatchObject({ success: false, message: 'That user is already a member' });
    const detail = await owner.client.get<OrgDetail>(`/api/org/${orgId}`);
    expect(detail.json.data?.members.map((m) => [m.username, m.role])).toEqual([
      [owner.user.username, 'owner'],
      [invitee.user.username, 'admin'],
    ]);
  });

  it('mails the invitation link when SMTP is set', async () => {
    const smtp = await startSmtpSink();
    try {
      const options = server.runtime.options;
      await options.set('SMTPServer', '127.0.0.1');
      await options.set('SMTPPort', String(smtp.port));
      await options.set('SMTPFrom', 'gateway@example.test');
      await options.set('ServerAddress', 'https://gateway.example.test');
      const owner = await signedIn(server);
      const invitee = await signedIn(server);
      await server.db
        .updateTable('users')
        .set({ email: 'invitee@example.test' })
        .where('id', '=', invitee.user.id)
        .execute();
      const orgId = await orgWithMembers(owner, []);
      const made = await owner.client.post<{ code: string; link: string; mailed: boolean }>(
        `/api/org/${orgId}/invitation`,
        { email: 'invitee@example.test', role: 'member' },
      );
      expect(made.json.data?.mailed).toBe(true);
      expect(made.json.data?.link).toBe(
        `https://gateway.example.test/organization/accept?code=${made.json.data?.code}`,
      );
      const mail = await smtp.next('invitee@example.test');
      expect(mail.to).toContain('invitee@example.test');
      expect(mail.body).toContain(made.json.data?.code ?? 'missing');
    } finally {
      await server.runtime.options.set('SMTPServer', '');
      await server.runtime.options.set('ServerAddress', '');
      await smtp.close();
    }
  });

  it('keeps an owner: the last one cannot leave; admins cannot touch owners', async () => {
    const owner = await signedIn(server);
    const admin = await signedIn(server);
    const orgId = await orgWithMembers(owner, [admin]);
    await owner.client.put(`/api/org/${orgId}/member/${admin.user.id}`, { role: 'admin' });
    const leave = await owner.client.delete(`/api/org/${orgId}/member/${owner.user.id}`);
    expect(leave.json).toMatchObject({ success: false });
    expect(leave.json.message).toContain('last owner');
    const demote = await admin.client.put(`/api/org/${orgId}/member/${owner.user.id}`, {
      role: 'member',
    });
    expect(demote.status).toBe(403);
    const promote = await admin.client.put(`/api/org/${orgId}/member/${admin.user.id}`, {
      role: 'owner',
    });
    expect(promote.status).toBe(403);
    await owner.client.put(`/api/org/${orgId}/member/${admin.user.id}`, { role: 'owner' });
    const left = await owner.client.delete(`/api/org/${orgId}/member/${owner.user.id}`);
    expect(left.json.success, left.json.message).toBe(true);
  });

  it("funds the wallet and redeems codes into it, each a top-up line in the org's log", async () => {
    const owner = await signedIn(server, 10_000);
    const member = await signedIn(server);
    const orgId = await orgWithMembers(owner, [member]);
    const short = await owner.client.post(`/api/org/${orgId}/fund`, { quota: 20_000 });
    expect(short.json.success).toBe(false);
    const funded = await owner.client.post<number>(`/api/org/${orgId}/fund`, { quota: 4_000 });
    expect(funded.json.data).toBe(4_000);
    const key = 'orgredeem'.padEnd(32, '7');
    await server.db
      .insertInto('redemptions')
      .values({
        user_id: 1,
        key,
        status: 1,
        name: 'r',
        quota: 6_000,
        created_time: 0,
        deleted_at: null,
      })
      .execute();
    const redeemed = await owner.client.post<number>(`/api/org/${orgId}/redeem`, { key });
    expect(redeemed.json.data).toBe(6_000);
    const twice = await owner.client.post(`/api/org/${orgId}/redeem`, { key });
    expect(twice.json.success).toBe(false);
    const memberFunds = await member.client.post(`/api/org/${orgId}/fund`, { quota: 1 });
    expect(memberFunds.status).toBe(403);
    const detail = (await owner.client.get<OrgDetail>(`/api/org/${orgId}`)).json.data;
    expect(detail?.quota).toBe(10_000);
    const log = await owner.client.get<PagedList<{ type: number; quota: number }>>(
      `/api/org/${orgId}/log?type=1`,
    );
    expect(log.json.data?.items.map((line) => line.quota).sort()).toEqual([4_000, 6_000]);
    // A member sees only their own lines; the owner's top-ups are not theirs.
    const mine = await member.client.get<PagedList<unknown>>(`/api/org/${orgId}/log`);
    expect(mine.json.data?.total).toBe(0);
    const csv = await owner.client.get(`/api/org/${orgId}/log/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    // Deleting the org moves what its wallet holds back to the owner, a line in both logs.
    const memberDel = await member.client.delete(`/api/org/${orgId}`);
    expect(memberDel.status).toBe(403);
    const before = await server.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    const del = await owner.client.delete(`/api/org/${orgId}`);
    expect(del.json.success, del.json.message).toBe(true);
    const after = await server.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.quota) - Number(before.quota)).toBe(10_000);
    const out = await server.db
      .selectFrom('logs')
      .select('quota')
      .where('funding', '=', `org:${orgId}`)
      .where('type', '=', 1)
      .execute();
    expect(out.reduce((sum, line) => sum + Number(line.quota), 0)).toBe(0);
    expect((await owner.client.get(`/api/org/${orgId}`)).status).toBe(404);
  });

  it("audits a site admin's change to an org, and lists every org for site admins", async () => {
    const owner = await signedIn(server);
    const member = await signedIn(server);
    const orgId = await orgWithMembers(owner, [member]);
    const siteAdmin = await signedInSiteAdmin(server);
    const all = await siteAdmin.client.get<OrgView[]>('/api/org/');
    expect(all.json.data?.some((org) => org.id === orgId)).toBe(true);
    const capped = await siteAdmin.client.put(`/api/org/${orgId}/member/${member.user.id}`, {
      quota_limit: 500,
      window_period: 'week',
    });
    expect(capped.json.success, capped.json.message).toBe(true);
    const entries = await server.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'org.member.update')
      .where('target_id', '=', String(orgId))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(siteAdmin.user.id);
    const detail = (await owner.client.get<OrgDetail>(`/api/org/${orgId}`)).json.data;
    expect(detail?.members.find((m) => m.user_id === member.user.id)).toMatchObject({
      quota_limit: 500,
      window_period: 'week',
      window_used: 0,
    });
  });
});
