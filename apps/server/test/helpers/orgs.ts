// Org test helpers (issue 32): signed-in members of one org made through the API, with org tokens.
import { Role } from '@switchyard/contracts';
import { findRedemptionByKey } from '../../src/modules/redemptions/redemptions.repository';
import type { TestClient } from './client';
import { type CreatedUser, createUser } from './factories';
import type { TestServer } from './server';

export interface OrgMember {
  user: CreatedUser;
  client: TestClient;
}

export async function signedIn(server: TestServer, quota = 0): Promise<OrgMember> {
  const user = await createUser(server.db, { quota });
  const client = server.client();
  const login = await client.post('/api/user/login', {
    username: user.username,
    password: user.password,
  });
  if (!login.json.success) throw new Error(`login failed: ${login.json.message}`);
  return { user, client };
}

/** An org made by `owner` through the API, joined by each of `members` through an invitation. */
export async function orgWithMembers(
  owner: OrgMember,
  members: readonly OrgMember[],
  name = 'team',
): Promise<number> {
  const created = await owner.client.post<{ id: number }>('/api/org/', { name });
  const id = created.json.data?.id;
  if (!id) throw new Error(`org not created: ${created.json.message}`);
  for (const member of members) {
    const invited = await owner.client.post<{ code: string }>(`/api/org/${id}/invitation`, {
      username: member.user.username,
      role: 'member',
    });
    const code = invited.json.data?.code;
    if (!code) throw new Error(`invitation failed: ${invited.json.message}`);
    const joined = await member.client.post('/api/org/invitation/accept', { code });
    if (!joined.json.success) throw new Error(`accept failed: ${joined.json.message}`);
  }
  return id;
}

/** An org token of the member (POST /api/token/ with org_id); its Authorization header. */
export async function orgToken(member: OrgMember, orgId: number): Promise<string> {
  const created = await member.client.post<{ key: string }>('/api/token/', {
    name: `org ${orgId}`,
    remain_quota: 0,
    expired_time: -1,
    unlimited_quota: true,
    model_limits_enabled: false,
    model_limits: '',
    org_id: orgId,
  });
  const key = created.json.data?.key;
  if (!key) throw new Error(`token not created: ${created.json.message}`);
  return `Bearer sk-${key}`;
}

/** One org's people, signed in: its owner, an org admin, a plain member, more plain members. */
export interface OrgCast {
  orgId: number;
  owner: OrgMember;
  admin: OrgMember;
  member: OrgMember;
  others: OrgMember[];
}

/**
 * An org made through the API by an owner holding `ownerQuota`, joined by an admin, a member and
 * `others` more members (the admin's role set directly: role changes are tested on their own).
 */
export async function orgCast(
  server: TestServer,
  { name = 'team', ownerQuota = 0, others = 0 } = {},
): Promise<OrgCast> {
  const owner = await signedIn(server, ownerQuota);
  const admin = await signedIn(server);
  const member = await signedIn(server);
  const more: OrgMember[] = [];
  for (let i = 0; i < others; i += 1) more.push(await signedIn(server));
  const orgId = await orgWithMembers(owner, [admin, member, ...more], name);
  await server.db
    .updateTable('org_members')
    .set({ role: 'admin' })
    .where('org_id', '=', orgId)
    .where('user_id', '=', admin.user.id)
    .execute();
  return { orgId, owner, admin, member, others: more };
}

/** A signed-in site admin (users.role admin), in no org. */
export async function signedInSiteAdmin(server: TestServer): Promise<OrgMember> {
  const admin = await signedIn(server);
  await server.db
    .updateTable('users')
    .set({ role: Role.admin })
    .where('id', '=', admin.user.id)
    .execute();
  return admin;
}

let codeSeq = 0;
/** A fresh, unused redemption code of `quota` made by `userId` (to redeem into an org); key and id. */
export async function redemptionCode(
  server: TestServer,
  userId: number,
  quota: number,
): Promise<{ key: string; id: number }> {
  codeSeq += 1;
  const key = `orgcode${process.pid}x${String(codeSeq).padStart(6, '0')}`.padEnd(32, '0');
  await server.db
    .insertInto('redemptions')
    .values({
      user_id: userId,
      key,
      status: 1,
      name: 'org',
      quota,
      created_time: 0,
      deleted_at: null,
    })
    .execute();
  const row = await findRedemptionByKey(server.db, key);
  return { key, id: Number(row?.id) };
}
