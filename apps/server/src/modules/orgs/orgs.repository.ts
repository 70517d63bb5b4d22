// SQL of organizations (issue 32): orgs, members, invitations and the org wallet's moves outside
// the relay (funding and redeeming; the relay's are ledger/org-wallet.ts). Lock order as the
// ledger's: tokens before org members, users before orgs.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { insertReturningId } from '../../db/dialect';

export interface OrgRow {
  id: number;
  name: string;
  quota: number;
  used_quota: number;
  request_count: number;
  created_at: number;
}

export interface MemberRow {
  org_id: number;
  user_id: number;
  username: string;
  display_name: string;
  role: string;
  quota_limit: number;
  window_period: string;
  window_started_at: number;
  window_used: number;
  used_quota: number;
  request_count: number;
  joined_at: number;
}

const ORG_COLUMNS = ['id', 'name', 'quota', 'used_quota', 'request_count', 'created_at'] as const;

export async function insertOrg(
  db: Db,
  row: { name: string; created_by: number; created_at: number },
): Promise<number> {
  return insertReturningId(db, db.insertInto('orgs').values(row));
}

export function findOrg(db: Db, id: number): Promise<OrgRow | undefined> {
  return db
    .selectFrom('orgs')
    .select(ORG_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst() as Promise<OrgRow | undefined>;
}

/** Every live org with its member count (site admins). */
export function listOrgs(db: Db): Promise<(OrgRow & { member_count: number })[]> {
  return db
    .selectFrom('orgs as o')
    .select(['o.id', 'o.name', 'o.quota', 'o.used_quota', 'o.request_count', 'o.created_at'])
    .select((eb) =>
      eb
        .selectFrom('org_members as m')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('m.org_id', '=', 'o.id')
        .as('member_count'),
    )
    .where('o.deleted_at', 'is', null)
    .orderBy('o.id')
    .execute() as Promise<(OrgRow & { member_count: number })[]>;
}

/** The orgs a user belongs to, with the user's role and each org's member count. */
export function listUserOrgs(
  db: Db,
  userId: number,
): Promise<(OrgRow & { role: string; member_count: number })[]> {
  return db
    .selectFrom('org_members as me')
    .innerJoin('orgs as o', 'o.id', 'me.org_id')
    .select(['o.id', 'o.name', 'o.quota', 'o.used_quota', 'o.request_count', 'o.created_at'])
    .select('me.role')
    .select((eb) =>
      eb
        .selectFrom('org_members as m')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('m.org_id', '=', 'o.id')
        .as('member_count'),
    )
    .where('me.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .orderBy('o.id')
    .execute() as Promise<(OrgRow & { role: string; member_count: number })[]>;
}

export async function renameOrg(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('orgs').set({ name }).where('id', '=', id).execute();
}

/**
 * Deletes an org and empties its wallet; returns the balance it held (for the caller to move back)
 * or null when there is no such live org. The caller's user row is locked first (users before
 * orgs, as funding takes them), then the org's.
 */
export async function deleteOrg(
  db: Db,
  id: number,
  userId: number,
  now: number,
  lock: boolean,
): Promise<number | null> {
  if (lock)
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  let select = db
    .selectFrom('orgs')
    .select('quota')
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (lock) select = select.forUpdate();
  const org = await select.executeTakeFirst();
  if (!org) return null;
  await db.updateTable('orgs').set({ quota: 0, deleted_at: now }).where('id', '=', id).execute();
  return Number(org.quota);
}

/** quota + amount on the user (the org's balance moved back). */
export async function addUserQuotaBack(db: Db, userId: number, amount: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ quota: sql`quota + ${amount}` })
    .where('id', '=', userId)
    .execute();
}

export async function insertMember(
  db: Db,
  row: { org_id: number; user_id: number; role: string; joined_at: number },
): Promise<void> {
  await db.insertInto('org_members').values(row).execute();
}

export function findMember(db: Db, orgId: number, userId: number) {
  return db
    .selectFrom('org_members')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** True when the user is a member of a live org (token creation, issue 32). */
export async function isOrgMember(db: Db, orgId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('org_members as m')
    .innerJoin('orgs as o', 'o.id', 'm.org_id')
    .select('m.user_id')
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function listMembers(db: Db, orgId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('org_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.org_id',
      'm.user_id',
      'u.username',
      'u.display_name',
      'm.role',
      'm.quota_limit',
      'm.window_period',
      'm.window_started_at',
      'm.window_used',
      'm.used_quota',
      'm.request_count',
      'm.joined_at',
    ])
    .where('m.org_id', '=', orgId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute() as Promise<MemberRow[]>;
}

export async function countOwners(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('org_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks the org's member rows for a change that must keep an owner (not on SQLite). */
export async function lockMembers(db: Db, orgId: number, sqlite: boolean): Promise<void> {
  if (sqlite) return;
  await db
    .selectFrom('org_members')
    .select('user_id')
    .where('org_id', '=', orgId)
    .forUpdate()
    .execute();
}

export async function updateMember(
  db: Db,
  orgId: number,
  userId: number,
  patch: Partial<{
    role: string;
    quota_limit: number;
    window_period: string;
    window_started_at: number;
    window_used: number;
  }>,
): Promise<void> {
  await db
    .updateTable('org_members')
    .set(patch)
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Removes a member; the member's org tokens are disabled first (tokens before org members, the
 * ledger's lock order). The relay reads the membership per request, so they stop at once.
 */
export async function deleteMember(db: Db, orgId: number, userId: number, disabled: number) {
  await db
    .updateTable('tokens')
    .set({ status: disabled })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
  const result = await db
    .deleteFrom('org_members')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertInvitation(
  db: Db,
  row: {
    org_id: number;
    code: string;
    user_id: number;
    role: string;
    invited_by: number;
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db.insertInto('org_invitations').values(row).execute();
}

export function findInvitation(db: Db, code: string) {
  return db.selectFrom('org_invitations').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Marks an invitation used, once: true for the one caller that did. */
export async function claimInvitation(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('org_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a pending invitation of the org, once: true for the one caller that did. */
export async function revokeInvitation(
  db: Db,
  orgId: number,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('org_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listPendingInvitations(db: Db, orgId: number, now: number) {
  return db
    .selectFrom('org_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'u.username', 'i.role', 'i.created_at', 'i.expires_at'])
    .where('i.org_id', '=', orgId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.id', 'desc')
    .execute();
}

/** quota − amount from the user where quota ≥ amount; true when taken. */
export async function takeUserQuota(db: Db, userId: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ quota: sql`quota - ${amount}` })
    .where('id', '=', userId)
    .where('quota', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** quota + amount on a live org; true when it exists. */
export async function addOrgQuota(db: Db, orgId: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('orgs')
    .set({ quota: sql`quota + ${amount}` })
    .where('id', '=', orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function orgQuota(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('orgs')
    .select('quota')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return Number(row?.quota ?? 0);
}

export function findUserByNameOrEmail(db: Db, by: { username?: string; email?: string }) {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'display_name'])
    .where('deleted_at', 'is', null);
  query = by.username
    ? query.where('username', '=', by.username)
    : query.where('email', '=', by.email ?? '');
  return query.executeTakeFirst();
}
