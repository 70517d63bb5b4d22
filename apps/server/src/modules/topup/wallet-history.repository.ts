// SQL for a user's credit history: the codes they redeemed and their top-up orders, as one list
// (a plan's order or an org's top-up is not a credit of their wallet).
import { TopUpStatus, type WalletHistoryKind } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface WalletHistoryRow {
  kind: WalletHistoryKind;
  id: number;
  time: number;
  /** Quota of a code; dollars of a top-up order (the service converts). */
  amount: number;
  money: number;
  payment_method: string;
  status: string;
}

function redeemedBy(db: Db, userId: number) {
  return db
    .selectFrom('redemptions')
    .where('used_user_id', '=', userId)
    .where('redeemed_time', '>', 0)
    .select([
      sql<WalletHistoryKind>`'redemption'`.as('kind'),
      'id',
      'redeemed_time as time',
      'quota as amount',
      sql<number>`0`.as('money'),
      sql<string>`''`.as('payment_method'),
      sql<string>`${TopUpStatus.success}`.as('status'),
    ]);
}

/** Orders that credit the user's own wallet: not a plan's, not an org's top-up. */
function walletOrders(db: Db, userId: number) {
  return db
    .selectFrom('top_ups')
    .where('user_id', '=', userId)
    .where('plan_id', '=', 0)
    .where('org_id', '=', 0);
}

function ordersOf(db: Db, userId: number) {
  return walletOrders(db, userId).select([
    sql<WalletHistoryKind>`'topup'`.as('kind'),
    'id',
    'create_time as time',
    'amount',
    'money',
    'payment_method',
    'status',
  ]);
}

/** One page of the history, newest first (ties: top-ups before codes, then by id). */
export async function walletHistory(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: WalletHistoryRow[]; total: number }> {
  const rows = await db
    .selectFrom(redeemedBy(db, userId).unionAll(ordersOf(db, userId)).as('history'))
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('kind', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const [codes, orders] = await Promise.all([
    db
      .selectFrom('redemptions')
      .where('used_user_id', '=', userId)
      .where('redeemed_time', '>', 0)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    walletOrders(db, userId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      time: Number(row.time),
      amount: Number(row.amount),
      money: Number(row.money),
    })),
    total: Number(codes.n) + Number(orders.n),
  };
}
