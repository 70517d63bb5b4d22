// SQL for the tokens table; every query is scoped to the owning user.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { insertReturningId } from '../../db/dialect';
import { likeContains } from '../../db/like';
import type { TokensTable } from '../../db/schema';

export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type TokenUpdate = Updateable<TokensTable>;

const ownTokens = (db: Db, userId: number) =>
  db.selectFrom('tokens').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);

export async function listTokens(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: TokenRow[]; total: number }> {
  const rows = await ownTokens(db, userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

/** Name contains the keyword and key contains the key fragment (both optional). */
export function searchTokens(
  db: Db,
  userId: number,
  keyword: string,
  keyFragment: string,
): Promise<TokenRow[]> {
  let query = ownTokens(db, userId);
  if (keyword) query = query.where((eb) => likeContains(eb.ref('name'), keyword));
  if (keyFragment) query = query.where((eb) => likeContains(eb.ref('key'), keyFragment));
  return query.orderBy('id', 'desc').limit(1000).execute();
}

export function findOwnToken(db: Db, userId: number, id: number): Promise<TokenRow | undefined> {
  return ownTokens(db, userId).where('id', '=', id).executeTakeFirst();
}

/** Inserts a token; returns its id. */
export function insertToken(db: Db, token: NewToken): Promise<number> {
  return insertReturningId(db, db.insertInto('tokens').values(token));
}

/** Updates one of the user's tokens; returns false when it is not theirs (or is gone). */
export async function updateOwnToken(
  db: Db,
  userId: number,
  id: number,
  patch: TokenUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set(patch)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
