// SQL for referral rebates (affiliate_rebates) and the inviter's affiliate balance they feed.
import type { AffiliateRebateView } from '@switchyard/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AffiliateRebatesTable } from '../../db/schema';

/** Records a rebate and adds it to the inviter's aff_quota and aff_history_quota. */
export async function insertRebate(
  db: Db,
  rebate: Insertable<AffiliateRebatesTable>,
): Promise<void> {
  await db.insertInto('affiliate_rebates').values(rebate).execute();
  await db
    .updateTable('users')
    .set({
      aff_quota: sql`aff_quota + ${rebate.quota}`,
      aff_history_quota: sql`aff_history_quota + ${rebate.quota}`,
    })
    .where('id', '=', rebate.inviter_id)
    .execute();
}

/** The rebates an inviter earned, newest first, with the invitee's username and the plan bought. */
export async function listRebates(
  db: Db,
  inviterId: number,
  offset: number,
  limit: number,
): Promise<{ items: AffiliateRebateView[]; total: number }> {
  const base = db
    .selectFrom('affiliate_rebates')
    .where('affiliate_rebates.inviter_id', '=', inviterId);
  const rows = await base
    .leftJoin('users', 'users.id', 'affiliate_rebates.invitee_id')
    .leftJoin('top_ups', 'top_ups.id', 'affiliate_rebates.top_up_id')
    .leftJoin('plans', 'plans.id', 'top_ups.plan_id')
    .select([
      'affiliate_rebates.id',
      'affiliate_rebates.invitee_id',
      'users.username',
      'affiliate_rebates.top_up_id',
      'affiliate_rebates.payment_method',
      'plans.name as plan_name',
      'affiliate_rebates.quota',
      'affiliate_rebates.created_at',
    ])
    .orderBy('affiliate_rebates.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count.count),
    items: rows.map((row) => ({
      id: Number(row.id),
      invitee_id: Number(row.invitee_id),
      invitee_username: row.username ?? '',
      top_up_id: Number(row.top_up_id),
      payment_method: row.payment_method,
      plan_name: row.plan_name ?? '',
      quota: Number(row.quota),
      created_at: Number(row.created_at),
    })),
  };
}
