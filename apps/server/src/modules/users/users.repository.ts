// SQL for the users table.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { insertReturningId } from '../../db/dialect';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { usernameSkeleton } from './username-skeleton';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The user whose username, or else whose email, equals the identifier (cancelled ones too). */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', identifier), eb('email', '=', identifier)]))
    .limit(2)
    .execute();
  return rows.find((row) => row.username === identifier) ?? rows[0];
}

export function findUserByAccessTokenHash(db: Db, hash: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('access_token', '=', hash).executeTakeFirst();
}

/** The not-cancelled user owning an invitation code. */
export function findInviterByAffCode(db: Db, affCode: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('aff_code', '=', affCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Whether the username is free (cancelled accounts count, `exceptId` does not): 'taken' when a
 * user has it whatever the case, 'lookAlike' when one's name has the same confusable skeleton.
 */
export async function usernameClash(
  db: Db,
  username: string,
  exceptId?: number,
): Promise<'taken' | 'lookAlike' | null> {
  // Case-insensitive: `ROOT` may not sit next to `root`.
  const lower = username.toLowerCase();
  const skeleton = usernameSkeleton(username);
  let query = db
    .selectFrom('users')
    .select('username')
    .where((eb) =>
      eb.or([
        eb(sql`lower(${sql.ref('username')})`, '=', lower),
        eb('username_skeleton', '=', skeleton),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  if (rows.length === 0) return null;
  return rows.some((row) => row.username.toLowerCase() === lower) ? 'taken' : 'lookAlike';
}

export async function isAffCodeTaken(db: Db, affCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('aff_code', '=', affCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts a user (with its username's skeleton) and returns its id. */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = { ...user, username_skeleton: usernameSkeleton(user.username) };
  return insertReturningId(db, db.insertInto('users').values(row));
}

/** Updates a user; a new username brings its new skeleton. */
export async function updateUser(db: Db, id: number, patch: UserUpdate): Promise<void> {
  const set =
    patch.username === undefined
      ? patch
      : { ...patch, username_skeleton: usernameSkeleton(patch.username) };
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** Users whose skeleton is not set yet (rows older than the column, or imported), a batch. */
export function usersWithoutSkeleton(db: Db, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_skeleton', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setUsernameSkeleton(db: Db, id: number, skeleton: string): Promise<void> {
  await db.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', id).execute();
}

/** Adds quota to a user in SQL (never read-modify-write in JS). */
export async function addUserQuota(db: Db, id: number, amount: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ quota: sql`quota + ${amount}` })
    .where('id', '=', id)
    .execute();
}

/** Credits an inviter: one more invitee and the reward added to the affiliate balances. */
export async function addInviterReward(db: Db, inviterId: number, reward: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      aff_count: sql`aff_count + 1`,
      aff_quota: sql`aff_quota + ${reward}`,
      aff_history_quota: sql`aff_history_quota + ${reward}`,
    })
    .where('id', '=', inviterId)
    .execute();
}

export interface UserListFilter {
  keyword: string;
  group: string;
  /** Only the records this caller may open: their own and those of lower roles. */
  visibleTo?: { userId: number; role: number };
}

/** One page of users, newest first, cancelled ones included, with the total count. */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.group) query = query.where('group', '=', filter.group);
  const viewer = filter.visibleTo;
  if (viewer) {
    query = query.where((eb) =>
      eb.or([eb('role', '<', viewer.role), eb('id', '=', viewer.userId)]),
    );
  }
  const keyword = filter.keyword;
  if (keyword) {
    // `%` and `_` in the keyword act as wildcards: harmless in an admin search.
    const like = `%${keyword}%`;
    const asId = /^\d{1,15}$/.test(keyword) ? Number(keyword) : undefined;
    query = query.where((eb) =>
      eb.or([
        ...(asId !== undefined ? [eb('id', '=', asId)] : []),
        eb('username', 'like', like),
        eb('email', 'like', like),
        eb('display_name', 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** True when any user (cancelled ones included) has the email, other than `exceptId`. */
export async function isEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export type ExternalIdColumn = 'github_id' | 'wechat_id' | 'telegram_id' | 'oidc_id';

/** The user bound to an external account (cancelled ones too, so a cancelled binding stays taken). */
export function findUserByExternalId(
  db: Db,
  column: ExternalIdColumn,
  value: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
}

/**
 * Moves affiliate quota to the spendable balance in one guarded statement: it changes nothing
 * unless the affiliate balance still covers the amount, so concurrent transfers cannot overdraw.
 */
export async function transferAffQuota(db: Db, id: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ aff_quota: sql`aff_quota - ${amount}`, quota: sql`quota + ${amount}` })
    .where('id', '=', id)
    .where('aff_quota', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a user's status only when it is currently `from`; false when it was not (or is gone). */
export async function updateUserIf(
  db: Db,
  id: number,
  expected: { role: number; status: number },
  patch: UserUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('role', '=', expected.role)
    .where('status', '=', expected.status)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Distinct model names enabled for a group in the abilities table, sorted. */
export async function listGroupModels(db: Db, group: string): Promise<string[]> {
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('group', '=', group)
    .where('enabled', '=', 1)
    .orderBy('model')
    .execute();
  return rows.map((row) => row.model);
}
