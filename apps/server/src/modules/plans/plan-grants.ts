// Plans granted without a wallet charge (issue 31): a redemption code that names a plan, and the
// default plan (option DefaultPlanId) every new user gets once at registration. Both run inside
// the caller's transaction, so the grant commits with the code's use or the new user's row.
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';
import { refuse } from '../../lib/errors';
import { findPlan } from './plans.repository';
import { startSubscription } from './subscription-start';

interface Grantee {
  userId: number;
  username: string;
}

/** Activates (or extends) the code's plan for its redeemer; the plan may be off sale. */
export async function redeemPlan(
  trx: Db,
  user: Grantee,
  planId: number,
  now: number,
): Promise<number> {
  const plan = await findPlan(trx, planId);
  if (!plan) throw refuse('plan.notFound');
  return startSubscription(trx, {
    userId: user.userId,
    username: user.username,
    plan,
    source: 'redemption',
    now,
    lock: engineOf(trx) !== 'sqlite',
  });
}

/** Starts the default plan for a new user; nothing when the option names no plan (or a gone one). */
export async function grantDefaultPlan(
  trx: Db,
  user: Grantee,
  planId: number,
  now: number,
): Promise<number | null> {
  if (!Number.isSafeInteger(planId) || planId <= 0) return null;
  const plan = await findPlan(trx, planId);
  if (!plan) return null;
  return startSubscription(trx, {
    userId: user.userId,
    username: user.username,
    plan,
    source: 'default',
    now,
    lock: false,
  });
}
