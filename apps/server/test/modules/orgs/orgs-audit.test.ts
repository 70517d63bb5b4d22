// The audit trail of what org owners and admins do to their org (issue 32): each action writes
// exactly one entry naming the actor, the org (target `org #<id>`) and who or what in it was
// acted on, with no secret in it (no invitation code, no redemption key); an action refused for
// the caller's role writes none.
import { Role } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../helpers/client';
import {
  type OrgCast,
  type OrgMember,
  orgCast,
  redemptionCode,
  signedIn,
} from '../../helpers/orgs';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();
let cast: OrgCast;
let invitee: OrgMember;
let outsider: OrgMember;

beforeAll(async () => {
  cast = await orgCast(server, { name: 'audited', ownerQuota: 100_000, others: 1 });
  invitee = await signedIn(server);
  outsider = await signedIn(server);
  // The invitations orgCast made are the owner's audited actions too; start from none.
  await server.db.deleteFrom('audit_logs').execute();
});

const entries = () => server.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();

/**
 * Runs `act`, expects it to succeed and to have written exactly one audit entry: `action` by
 * `actor` on this org, with `summary`; no text in `secrets` anywhere in the entry.
 */
async function expectAudited(
  act: () => Promise<TestResponse<unknown>>,
  expected: { action: string; actor: OrgMember; summary: Record<string, unknown> },
  secrets: string[] = [],
) {
  const before = (await entries()).length;
  const reply = await act();
  expect(reply.json.success, reply.json.message).toBe(true);
  const added = (await entries()).slice(before);
  expect(added).toHaveLength(1);
  const entry = added[0];
  expect(entry).toMatchObject({
    action: expected.action,
    actor_id: expected.actor.user.id,
    actor_name: expected.actor.user.username,
    actor_role: Role.common,
    target_type: 'org',
    target_id: String(cast.orgId),
  });
  expect(JSON.parse(entry?.summary ?? '{}')).toEqual(expected.summary);
  for (const secret of secrets) expect(JSON.stringify(entry)).not.toContain(secret);
  return reply;
}

async function expectRefusedUnaudited(act: () => Promise<TestResponse<unknown>>, status: number) {
  const before = (await entries()).length;
  const reply = await act();
  expect(reply.status, reply.json.message).toBe(status);
  expect(await entries()).toHaveLength(before);
}

/** The cast by name: the org's id, its owner, admin, a member and one more member (who leaves). */
const people = () => ({ ...cast, leaver: cast.others[0] as OrgMember });

describe("org owners' and admins' actions in the audit trail", () => {
  it('audits an invitation without its code, and its revoke', async () => {
    const { orgId, owner, admin } = people();
    const made = await expectAudited(
      () =>
        owner.client.post(`/api/org/${orgId}/invitation`, {
          username: invitee.user.username,
          role: 'member',
        }),
      {
        action: 'org.invitation.create',
        actor: owner,
        summary: {
          invitation_id: expect.any(Number),
          user_id: invitee.user.id,
          username: invitee.user.username,
          role: 'member',
        },
      },
    );
    const code = (made.json.data as { code: string }).code;
    const row = await server.db
      .selectFrom('org_invitations')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const logged = (await entries()).at(-1);
    expect(logged?.summary).not.toContain(code);
    expect(JSON.parse(logged?.summary ?? '{}').invitation_id).toBe(Number(row.id));
    await expectAudited(() => admin.client.delete(`/api/org/${orgId}/invitation/${row.id}`), {
      action: 'org.invitation.revoke',
      actor: admin,
      summary: { invitation_id: Number(row.id) },
    });
  });

  it("audits a member's role change and cap, set and cleared", async () => {
    const { orgId, owner, admin, member } = people();
    const path = `/api/org/${orgId}/member/${member.user.id}`;
    await expectAudited(() => owner.client.put(path, { role: 'admin' }), {
      action: 'org.member.update',
      actor: owner,
      summary: { user_id: member.user.id, role: 'admin' },
    });
    await expectAudited(() => owner.client.put(path, { role: 'member' }), {
      action: 'org.member.update',
      actor: owner,
      summary: { user_id: member.user.id, role: 'member' },
    });
    await expectAudited(
      () => admin.client.put(path, { quota_limit: 5000, window_period: 'week' }),
      {
        action: 'org.member.update',
        actor: admin,
        summary: { user_id: member.user.id, quota_limit: 5000, window_period: 'week' },
      },
    );
    await expectAudited(() => admin.client.put(path, { quota_limit: 0, window_period: '' }), {
      action: 'org.member.update',
      actor: admin,
      summary: { user_id: member.user.id, quota_limit: 0, window_period: '' },
    });
  });

  it('audits a top-up from the own wallet, and a code redeemed by its id, never its key', async () => {
    const { orgId, owner, admin } = people();
    await expectAudited(() => owner.client.post(`/api/org/${orgId}/fund`, { quota: 2500 }), {
      action: 'org.fund',
      actor: owner,
      summary: { quota: 2500 },
    });
    const { key, id } = await redemptionCode(server, owner.user.id, 700);
    await expectAudited(
      () => admin.client.post(`/api/org/${orgId}/redeem`, { key }),
      { action: 'org.redeem', actor: admin, summary: { redemption_id: id, quota: 700 } },
      [key],
    );
  });

  it('writes nothing for an action refused for the role, or for an outsider', async () => {
    const { orgId, owner, admin, member, leaver } = people();
    const base = `/api/org/${orgId}`;
    const invite = { username: invitee.user.username, role: 'member' };
    await expectRefusedUnaudited(() => member.client.post(`${base}/invitation`, invite), 403);
    await expectRefusedUnaudited(() => member.client.put(base, { name: 'mine now' }), 403);
    await expectRefusedUnaudited(() => member.client.post(`${base}/fund`, { quota: 1 }), 403);
    await expectRefusedUnaudited(
      () => member.client.put(`${base}/member/${leaver.user.id}`, { quota_limit: 1 }),
      403,
    );
    await expectRefusedUnaudited(
      () => member.client.delete(`${base}/member/${leaver.user.id}`),
      403,
    );
    // An admin may not touch an owner: refused inside the transaction, nothing written.
    await expectRefusedUnaudited(
      () => admin.client.put(`${base}/member/${owner.user.id}`, { quota_limit: 1 }),
      403,
    );
    await expectRefusedUnaudited(() => admin.client.delete(base), 403);
    await expectRefusedUnaudited(() => outsider.client.put(base, { name: 'taken' }), 404);
    await expectRefusedUnaudited(() => outsider.client.post(`${base}/invitation`, invite), 404);
  });

  it('audits removing a member, a member leaving, a rename and the delete', async () => {
    const { orgId, owner, admin, member, leaver } = people();
    await expectAudited(() => admin.client.delete(`/api/org/${orgId}/member/${member.user.id}`), {
      action: 'org.member.remove',
      actor: admin,
      summary: { user_id: member.user.id },
    });
    await expectAudited(() => leaver.client.delete(`/api/org/${orgId}/member/${leaver.user.id}`), {
      action: 'org.member.leave',
      actor: leaver,
      summary: { user_id: leaver.user.id },
    });
    await expectAudited(() => admin.client.put(`/api/org/${orgId}`, { name: 'renamed' }), {
      action: 'org.update',
      actor: admin,
      summary: { name: 'renamed' },
    });
    await expectAudited(() => owner.client.delete(`/api/org/${orgId}`), {
      action: 'org.delete',
      actor: owner,
      summary: { moved_back: 2500 + 700 },
    });
  });
});
