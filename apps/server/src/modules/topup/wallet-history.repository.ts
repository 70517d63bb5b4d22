// SQL for a user's credit and payment history: the codes they redeemed and every online order they
// placed (their wallet's, a plan's, an org's wallet's), as one list, with the plan's or org's name.
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
  /** The plan an order bought (0: none) and its quota price when ordered. */
  plan_id: number;
  plan_price: number;
  /** The org whose wallet an order tops up (0: the payer's own). */
  org_id: number;
  /** The plan's or the org's name; null when it is gone (or for the wallet). */
  target_name: string | null;
  /** The order's currency as recorded (empty: a code, or an order older than the column). */
  currency: string;
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
      sql<number>`0`.as('plan_id'),
      sql<number>`0`.as('plan_price'),
      sql<number>`0`.as('org_id'),
      sql<string | null>`null`.as('target_name'),
      sql<string>`''`.as('currency'),
    ]);
}

/** Every order the user placed, whatever it bought: the payer sees all they paid. */
function ordersOf(db: Db, userId: number) {
  return db
    .selectFrom('top_ups')
    .leftJoin('plans', 'plans.id', 'top_ups.plan_id')
    .leftJoin('orgs', 'orgs.id', 'top_ups.org_id')
    .where('top_ups.user_id', '=', userId)
    .select([
      sql<WalletHistoryKind>`'topup'`.as('kind'),
      'top_ups.id',
      'top_ups.create_time as time',
      'top_ups.amount',
      'top_ups.money',
      'top_ups.payment_method',
      'top_ups.status',
      'top_ups.plan_id',
      'top_ups.plan_price',
      'top_ups.org_id',
      (eb) => eb.fn.coalesce('plans.name', 'orgs.name').as('target_name'),
      'top_ups.currency',
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
    db
      .selectFrom('top_ups')
      .where('user_id', '=', userId)
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
      plan_id: Number(row.plan_id),
      plan_price: Number(row.plan_price),
      org_id: Number(row.org_id),
    })),
    total: Number(codes.n) + Number(orders.n),
  };
}
