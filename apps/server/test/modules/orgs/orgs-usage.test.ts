// The org scope's reads (issues 32): the org's dashboard data (GET /api/org/:id/data) and logs as
// each role sees them, only what the org wallet paid for; and pending invitations listed and
// revoked (a revoked code is refused with 410, a site admin's revoke audited as an owner's is).
import {
  LogType,
  type OrgInvitationView,
  orgFunding,
  type PagedList,
  type UsageBucket,
} from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeLog, seedLogs } from '../../helpers/logs';
import {
  type OrgMember,
  orgCast,
  orgWithMembers,
  signedIn,
  signedInSiteAdmin,
} from '../../helpers/orgs';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);
const hour0 = Math.floor(now / HOUR) * HOUR - 3 * HOUR;
const range = `start_timestamp=${hour0 - HOUR}&end_timestamp=${now}`;

let owner: OrgMember;
let admin: OrgMember;
let member: OrgMember;
let siteAdmin: OrgMember;
let orgId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await ctx.start();
  ({ owner, admin, member, orgId } = await orgCast(server, { name: 'usage' }));
  siteAdmin = await signedInSiteAdmin(server);
  const org = orgFunding(orgId);
  await seedLogs(server.db, [
    consumeLog(member.user, { created_at: hour0 + 10, quota: 100, funding: org }),
    consumeLog(member.user, { created_at: hour0 + 20, quota: 50, funding: org }),
    consumeLog(member.user, { created_at: hour0 + HOUR + 5, quota: 7, funding: org }),
    consumeLog(owner.user, { created_at: hour0 + 30, quota: 1000, funding: org }),
    // Paid by the member's own wallet and by another org: not the org's usage.
    consumeLog(member.user, { created_at: hour0 + 40, quota: 9999, funding: 'wallet' }),
    consumeLog(member.user, { created_at: hour0 + 50, quota: 8888, funding: orgFunding(999_999) }),
    // A top-up line in the org's log is no usage either.
    consumeLog(owner.user, {
      created_at: hour0 + 60,
      type: LogType.topup,
      quota: 5000,
      funding: org,
    }),
    // Before the range: not counted.
    consumeLog(member.user, { created_at: hour0 - 2 * HOUR, quota: 3, funding: org }),
  ]);
});
afterAll(() => ctx.close());

const data = (who: OrgMember, query = range) =>
  who.client.get<UsageBucket[]>(`/api/org/${orgId}/data?${query}`);
const quotaOf = (rows: UsageBucket[] | undefined) =>
  (rows ?? []).reduce((sum, row) => sum + row.quota, 0);

describe('GET /api/org/:id/data', () => {
  it('gives owners, admins and site admins the whole org, per model, member and hour', async () => {
    for (const who of [owner, admin, siteAdmin]) {
      const reply = await data(who);
      expect(reply.json.success, reply.json.message).toBe(true);
      expect(quotaOf(reply.json.data)).toBe(1157);
      expect((reply.json as { folded_at?: number }).folded_at).toBeGreaterThanOrEqual(now);
    }
    const rows = (await data(owner)).json.data ?? [];
    expect(
      rows.find((row) => row.username === member.user.username && row.created_at === hour0),
    ).toMatchObject({ model_name: 'gpt-4o-mini', count: 2, quota: 150, token_used: 30 });
    expect(rows.map((row) => row.created_at)).toEqual(
      [...rows.map((row) => row.created_at)].sort((a, b) => a - b),
    );
  });

  it('gives a plain member only their own org-paid usage', async () => {
    const reply = await data(member);
    expect(reply.json.success, reply.json.message).toBe(true);
    expect(new Set(reply.json.data?.map((row) => row.username))).toEqual(
      new Set([member.user.username]),
    );
    expect(quotaOf(reply.json.data)).toBe(157);
  });

  it('answers an empty range with no buckets, and refuses a reversed one', async () => {
    const empty = await data(
      owner,
      `start_timestamp=${now + HOUR}&end_timestamp=${now + 2 * HOUR}`,
    );
    expect(empty.json.data).toEqual([]);
    const reversed = await data(owner, `start_timestamp=${now}&end_timestamp=${now - 1}`);
    expect(reversed.json.success).toBe(false);
    expect((await owner.client.get(`/api/org/${orgId}/data`)).status).toBe(400);
  });

  it('is 404 to a non-member', async () => {
    const outsider = await signedIn(server);
    expect((await data(outsider)).status).toBe(404);
  });
});

describe('GET /api/org/:id/log as each role', () => {
  it("lists a plain member's own org-paid calls only, whatever user_id asks for", async () => {
    type Line = { username: string; quota: number };
    const mine = await member.client.get<PagedList<Line>>(`/api/org/${orgId}/log?type=2`);
    expect(mine.json.data?.items.map((line) => line.quota).sort((a, b) => a - b)).toEqual([
      3, 7, 50, 100,
    ]);
    const theirs = await member.client.get<PagedList<Line>>(
      `/api/org/${orgId}/log?type=2&user_id=${owner.user.id}`,
    );
    expect(new Set(theirs.json.data?.items.map((line) => line.username))).toEqual(
      new Set([member.user.username]),
    );
    const all = await owner.client.get<PagedList<Line>>(`/api/org/${orgId}/log?type=2`);
    expect(all.json.data?.total).toBe(5);
    const one = await owner.client.get<PagedList<Line>>(
      `/api/org/${orgId}/log?type=2&user_id=${owner.user.id}`,
    );
    expect(one.json.data?.items.map((line) => line.quota)).toEqual([1000]);
  });
});

describe('invitations: list and revoke', () => {
  const invite = async (by: OrgMember) => {
    const invitee = await signedIn(server);
    const made = await by.client.post<{ code: string }>(`/api/org/${orgId}/invitation`, {
      username: invitee.user.username,
      role: 'member',
    });
    expect(made.json.success, made.json.message).toBe(true);
    return { invitee, code: made.json.data?.code ?? '' };
  };
  const pending = async (by: OrgMember) =>
    (await by.client.get<OrgInvitationView[]>(`/api/org/${orgId}/invitation`)).json.data ?? [];

  it('lists pending invitations; a revoked code is refused with 410 and joins nothing', async () => {
    const { invitee, code } = await invite(admin);
    const listed = (await pending(owner)).find((i) => i.username === invitee.user.username);
    expect(listed).toMatchObject({ role: 'member' });
    const id = listed?.id ?? 0;
    const revoked = await admin.client.delete(`/api/org/${orgId}/invitation/${id}`);
    expect(revoked.json).toMatchObject({ success: true, message: 'Invitation revoked' });
    expect((await pending(owner)).some((i) => i.id === id)).toBe(false);
    const accept = await invitee.client.post('/api/org/invitation/accept', { code });
    expect(accept.status).toBe(410);
    expect(accept.json).toMatchObject({
      success: false,
      message: 'This invitation was revoked',
    });
    const joined = await server.db
      .selectFrom('org_members')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('user_id', '=', invitee.user.id)
      .execute();
    expect(joined).toEqual([]);
    // Once: a second revoke, or one of an accepted invitation, finds nothing pending.
    const again = await owner.client.delete(`/api/org/${orgId}/invitation/${id}`);
    expect(again.status).toBe(404);
    const used = await invite(owner);
    expect(
      (await used.invitee.client.post('/api/org/invitation/accept', { code: used.code })).json
        .success,
    ).toBe(true);
    const usedId = Number(
      (
        await server.db
          .selectFrom('org_invitations')
          .select('id')
          .where('code', '=', used.code)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await owner.client.delete(`/api/org/${orgId}/invitation/${usedId}`)).status).toBe(404);
  });

  it("revokes only the org's own invitations; members cannot list or revoke", async () => {
    const { code } = await invite(owner);
    const id = (await pending(owner))[0]?.id ?? 0;
    const otherOwner = await signedIn(server);
    const otherOrg = await orgWithMembers(otherOwner, [], 'other');
    const cross = await otherOwner.client.delete(`/api/org/${otherOrg}/invitation/${id}`);
    expect(cross.status).toBe(404);
    expect((await member.client.get(`/api/org/${orgId}/invitation`)).status).toBe(403);
    expect((await member.client.delete(`/api/org/${orgId}/invitation/${id}`)).status).toBe(403);
    const still = await server.db
      .selectFrom('org_invitations')
      .select('revoked_at')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(still.revoked_at).toBeNull();
  });

  it("audits a site admin's revoke in the same transaction", async () => {
    await invite(owner);
    const id = (await pending(owner))[0]?.id ?? 0;
    const revoked = await siteAdmin.client.delete(`/api/org/${orgId}/invitation/${id}`);
    expect(revoked.json.success, revoked.json.message).toBe(true);
    const entries = await server.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'org.invitation.revoke')
      .where('target_id', '=', String(orgId))
      // The owner's revokes in the tests above are audited too (each by its own actor).
      .where('actor_id', '=', siteAdmin.user.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(siteAdmin.user.id);
    expect(JSON.parse(entries[0]?.summary ?? '{}')).toEqual({ invitation_id: id });
  });

  it('a revoke racing the accept: exactly one of them wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { invitee, code } = await invite(owner);
      const id = (await pending(owner)).find((i) => i.username === invitee.user.username)?.id;
      const [accepted, revoked] = await Promise.all([
        invitee.client.post('/api/org/invitation/accept', { code }),
        owner.client.delete(`/api/org/${orgId}/invitation/${id}`),
      ]);
      expect([accepted.json.success, revoked.json.success === true].filter(Boolean)).toHaveLength(
        1,
      );
      const row = await server.db
        .selectFrom('org_invitations')
        .select(['accepted_at', 'revoked_at'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      expect([row.accepted_at, row.revoked_at].filter((at) => at !== null)).toHaveLength(1);
      const joined = await server.db
        .selectFrom('org_members')
        .select('user_id')
        .where('org_id', '=', orgId)
        .where('user_id', '=', invitee.user.id)
        .execute();
      expect(joined.length).toBe(accepted.json.success ? 1 : 0);
    }
  });

  it('refuses a malformed invitation id with 400', async () => {
    expect((await owner.client.delete(`/api/org/${orgId}/invitation/abc`)).status).toBe(400);
  });
});
