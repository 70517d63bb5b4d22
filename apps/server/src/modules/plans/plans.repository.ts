// SQL of the plans table.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { insertReturningId } from '../../db/dialect';
import type { PlansTable } from '../../db/schema';

export type PlanRow = Selectable<PlansTable>;

export function listPlans(db: Db, onSaleOnly: boolean): Promise<PlanRow[]> {
  let query = db.selectFrom('plans').selectAll();
  if (onSaleOnly) query = query.where('status', '=', 1);
  return query.orderBy('sort', 'desc').orderBy('id', 'asc').execute();
}

export function findPlan(db: Db, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertPlan(db: Db, row: Insertable<PlansTable>): Promise<number> {
  return insertReturningId(db, db.insertInto('plans').values(row));
}

export async function updatePlan(
  db: Db,
  id: number,
  patch: Updateable<PlansTable>,
): Promise<boolean> {
  const result = await db.updateTable('plans').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePlan(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('plans').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any subscription (of any status) was started from the plan. */
export async function planHasSubscriptions(db: Db, planId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('plan_id', '=', planId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
