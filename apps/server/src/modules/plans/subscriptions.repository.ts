// SQL of subscriptions: starting one (with its windows), extending, ending, the wallet's charge
// for a purchase or a renewal, and the rows the expiry job visits.
import { PLAN_PERIODS, type PlanLimit, SubscriptionStatus } from '@switchyard/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { insertReturningId } from '../../db/dialect';
import type { SubscriptionsTable } from '../../db/schema';
import { PERIOD_PREFIX } from '../../ledger/plan-windows';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function findSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUserSubscriptions(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** The user's active subscription of a plan, locked for the rest of the transaction. */
export function activeOfPlan(
  trx: Db,
  userId: number,
  planId: number,
  now: number,
  lock: boolean,
): Promise<SubscriptionRow | undefined> {
  let query = trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .where('status', '=', SubscriptionStatus.active)
    .where('expires_at', '>', now)
    .orderBy('id');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The window columns of a new subscription from its plan's limits. */
export function windowColumns(limits: readonly PlanLimit[]): Record<string, number> {
  const columns: Record<string, number> = {};
  for (const period of PLAN_PERIODS) {
    const quota = limits.find((limit) => limit.period === period)?.quota ?? 0;
    columns[`${PERIOD_PREFIX[period]}_quota`] = quota;
  }
  return columns;
}

export function insertSubscription(trx: Db, row: Insertable<SubscriptionsTable>): Promise<number> {
  return insertReturningId(trx, trx.insertInto('subscriptions').values(row));
}

/** Moves an active subscription's end by `seconds`, guarded by the end it had (once per renewal). */
export async function extendSubscription(
  trx: Db,
  id: number,
  expiresAt: number,
  seconds: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('subscriptions')
    .set({ expires_at: sql`expires_at + ${seconds}` })
    .where('id', '=', id)
    .where('status', '=', SubscriptionStatus.active)
    .where('expires_at', '=', expiresAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends (status ended or expired) a subscription that is still active; false when it was not. */
export async function closeSubscription(
  trx: Db,
  id: number,
  status: number,
  now: number,
  expiresAtMost?: number,
): Promise<boolean> {
  let query = trx
    .updateTable('subscriptions')
    .set({ status, ended_at: now })
    .where('id', '=', id)
    .where('status', '=', SubscriptionStatus.active);
  if (expiresAtMost !== undefined) query = query.where('expires_at', '<=', expiresAtMost);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setAutoRenew(
  db: Db,
  userId: number,
  id: number,
  autoRenew: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ auto_renew: autoRenew ? 1 : 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes a price from the user's wallet, guarded so it never goes below zero. */
export async function chargeWallet(trx: Db, userId: number, price: number): Promise<boolean> {
  if (price <= 0) return true;
  const result = await trx
    .updateTable('users')
    .set({ quota: sql`quota - ${price}` })
    .where('id', '=', userId)
    .where('quota', '>=', price)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active subscriptions whose end has come (the expiry job's batch). */
export function dueSubscriptions(db: Db, now: number, limit: number): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', SubscriptionStatus.active)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function usernameOf(trx: Db, userId: number): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.username ?? '';
}

export function userGroupOf(trx: Db, userId: number): Promise<{ group: string } | undefined> {
  return trx.selectFrom('users').select('group').where('id', '=', userId).executeTakeFirst();
}

export async function setUserGroup(
  trx: Db,
  userId: number,
  group: string,
  when: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ group })
    .where('id', '=', userId)
    .where('group', '=', when)
    .execute();
}

/** Whether another active subscription of the user gives the same upgrade group. */
export async function otherUpgrade(
  trx: Db,
  userId: number,
  exceptId: number,
  group: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '!=', exceptId)
    .where('status', '=', SubscriptionStatus.active)
    .where('upgrade_group', '=', group)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
