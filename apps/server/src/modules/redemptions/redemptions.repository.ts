// SQL for the redemptions table, including the one guarded update that spends a code.

import { RedemptionStatus } from '@switchyard/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { likeStartsWith } from '../../db/like';
import type { RedemptionsTable } from '../../db/schema';

export type RedemptionRow = Selectable<RedemptionsTable>;
export type NewRedemption = Insertable<RedemptionsTable>;

const liveCodes = (db: Db) =>
  db.selectFrom('redemptions').selectAll().where('deleted_at', 'is', null);

export async function listRedemptions(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const rows = await liveCodes(db).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const count = await db
    .selectFrom('redemptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

/** The code with that id (when the keyword is a number) or whose name starts with the keyword. */
export function searchRedemptions(db: Db, keyword: string): Promise<RedemptionRow[]> {
  const asId = /^\d{1,15}$/.test(keyword) ? Number(keyword) : null;
  return liveCodes(db)
    .where((eb) => {
      const byName = likeStartsWith(eb.ref('name'), keyword);
      return asId === null ? byName : eb.or([eb('id', '=', asId), byName]);
    })
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

export function findRedemption(db: Db, id: number): Promise<RedemptionRow | undefined> {
  return liveCodes(db).where('id', '=', id).executeTakeFirst();
}

export async function insertRedemptions(db: Db, rows: readonly NewRedemption[]): Promise<void> {
  await db
    .insertInto('redemptions')
    .values([...rows])
    .execute();
}

/** Updates a code that is not used; returns false when it is used, deleted or unknown. */
export async function updateUnusedRedemption(
  db: Db,
  id: number,
  patch: Updateable<RedemptionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set(patch)
    .where('id', '=', id)
    .where('status', '!=', RedemptionStatus.used)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function softDeleteRedemption(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks an unused code as used by the user. The status guard makes this the single point of
 * exactly-once: of any number of racing calls, one updates the row and the rest update nothing.
 */
export async function claimRedemption(
  db: Db,
  key: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: RedemptionStatus.used, used_user_id: userId, redeemed_time: now })
    .where('key', '=', key)
    .where('status', '=', RedemptionStatus.unused)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findRedemptionByKey(db: Db, key: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirst();
}
