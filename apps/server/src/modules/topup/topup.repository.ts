// SQL for the top_ups table (online top-up orders).

import { TopUpStatus } from '@switchyard/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TopUpsTable } from '../../db/schema';

export type TopUpRow = Selectable<TopUpsTable>;

export async function insertTopUp(db: Db, order: Insertable<TopUpsTable>): Promise<void> {
  await db.insertInto('top_ups').values(order).execute();
}

export function findTopUpByTradeNo(db: Db, tradeNo: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

/** Moves a pending order to success; only one of any number of racing callers gets true. */
export async function completeTopUp(db: Db, tradeNo: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('top_ups')
    .set({ status: TopUpStatus.success, complete_time: now })
    .where('trade_no', '=', tradeNo)
    .where('status', '=', TopUpStatus.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds the user's row until the transaction ends (PostgreSQL/MySQL): a per-user mutex. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
