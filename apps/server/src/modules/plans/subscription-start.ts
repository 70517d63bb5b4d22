// Starting (or extending) a subscription inside the caller's transaction: the one rule every way
// of getting a plan shares — the wallet, a redemption code, the default plan, an online payment.
import { LogType, SubscriptionStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { logContent } from '../../i18n/log-content';
import { insertLogs } from '../logs/logs.repository';
import type { PlanRow } from './plans.repository';
import { limitsOf } from './plans.service';
import {
  activeOfPlan,
  extendSubscription,
  insertSubscription,
  setUserGroup,
  userGroupOf,
  windowColumns,
} from './subscriptions.repository';

export interface StartInput {
  userId: number;
  username: string;
  plan: PlanRow;
  /** wallet, epay, stripe, redemption, default. */
  source: string;
  now: number;
  /** Rows already locked in lock order by the caller (PostgreSQL/MySQL): lock the subscription. */
  lock: boolean;
}

/**
 * Extends the user's active subscription of the plan by its duration, or starts a new one with
 * the plan's models and windows; returns its id. Upgrades the user's group while it is active.
 */
export async function startSubscription(trx: Db, input: StartInput): Promise<number> {
  const { plan, now } = input;
  const seconds = Number(plan.duration_days) * 86_400;
  const active = await activeOfPlan(trx, input.userId, Number(plan.id), now, input.lock);
  let id: number;
  if (active) {
    if (!(await extendSubscription(trx, Number(active.id), Number(active.expires_at), seconds))) {
      throw new Error('subscription changed while being extended');
    }
    id = Number(active.id);
  } else {
    const group = plan.upgrade_group ? await userGroupOf(trx, input.userId) : undefined;
    id = await insertSubscription(trx, {
      user_id: input.userId,
      plan_id: Number(plan.id),
      plan_name: plan.name,
      models: plan.models,
      upgrade_group: plan.upgrade_group,
      previous_group: group?.group ?? '',
      status: SubscriptionStatus.active,
      starts_at: now,
      expires_at: now + seconds,
      auto_renew: 0,
      source: input.source,
      price: Number(plan.price),
      duration_days: Number(plan.duration_days),
      created_at: now,
      ...windowColumns(limitsOf(plan)),
    });
    if (group && group.group !== plan.upgrade_group) {
      await setUserGroup(trx, input.userId, plan.upgrade_group, group.group);
    }
  }
  await insertLogs(trx, [
    {
      user_id: input.userId,
      username: input.username,
      created_at: now,
      type: LogType.system,
      content: logContent(active ? 'log.planExtended' : 'log.planStarted', {
        name: plan.name,
        id: Number(plan.id),
        source: input.source,
      }),
      quota: input.source === 'wallet' ? Number(plan.price) : 0,
      other: JSON.stringify({
        subscription_id: id,
        plan_id: Number(plan.id),
        source: input.source,
      }),
    },
  ]);
  return id;
}
