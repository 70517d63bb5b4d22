// Crediting a paid online order, the one step every payment gateway's confirmation ends in: the
// order's guarded move from pending to success, then what it bought — quota on the payer's wallet,
// on an org's wallet (issue 32) or a plan's subscription (issue 31) — with its log line and the
// inviter's rebate, all in one transaction, so a retried or reordered confirmation does it once.
import {
  type Language,
  LogType,
  orgFunding,
  type QuotaDisplay,
  renderQuota,
  STRIPE_PAYMENT_METHOD,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { engineOf } from '../../db/dialect';
import { logContent } from '../../i18n/log-content';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import { addOrgQuota } from '../orgs/orgs.repository';
import { findPlan } from '../plans/plans.repository';
import { startSubscription } from '../plans/subscription-start';
import { addUserQuota, findUserById } from '../users/users.repository';
import { insertRebate } from './rebates.repository';
import { completeTopUp, lockUser, type TopUpRow } from './topup.repository';

export interface CreditContext {
  db: Db;
  options: OptionsStore;
  now: number;
  language: Language;
  /** How the paid sum reads in the log (e.g. `73.00`, `10.00 USD`). */
  paid: string;
}

export function quotaDisplay(options: OptionsStore): QuotaDisplay {
  return {
    displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
  };
}

/** The inviter's share of a payment that bought `quota` (whole quota units, rounded down). */
export function rebateOf(quota: number, percent: number): number {
  if (!(percent > 0)) return 0;
  return Math.floor((quota * Math.min(percent, 100)) / 100);
}

/** Credits the order once; true when this call did it, false when it was already credited. */
export async function creditPaidOrder(order: TopUpRow, ctx: CreditContext): Promise<boolean> {
  const { db } = ctx;
  const sqlite = engineOf(db) === 'sqlite';
  // Read committed (PostgreSQL's default; MySQL's is repeatable read): a plan's lookup of the
  // payer's active subscription then takes no gap locks, which made racing payments of different
  // users deadlock on each other's inserts. A deadlock victim (rolled back whole) tries again.
  return retryOnDeadlock(() => {
    const begin = sqlite ? db.transaction() : db.transaction().setIsolationLevel('read committed');
    return begin.execute((trx) => creditOnce(trx, order, ctx));
  });
}

async function creditOnce(trx: Db, order: TopUpRow, ctx: CreditContext): Promise<boolean> {
  const { now } = ctx;
  if (!(await completeTopUp(trx, order.trade_no, now))) return false;
  const user = await findUserById(trx, order.user_id);
  const payer = { id: order.user_id, username: user?.username ?? '' };
  const rebate = () => creditRebate(trx, order, Number(user?.inviter_id ?? 0), ctx);
  // Lock order: a plan's payer, their subscription, then the inviter; the inviter (a user) before
  // an org, as every writer of both.
  if (Number(order.plan_id) > 0) {
    if (await deliverPlan(trx, order, payer, now)) return rebate().then(() => true);
  } else if (Number(order.org_id) > 0) {
    await rebate();
    if (await creditOrg(trx, order, payer, ctx)) return true;
    // The org was deleted before the payment came: the money goes to the payer's wallet.
    await creditWallet(trx, order, payer, ctx);
    return true;
  }
  // A wallet top-up; or a plan deleted before its payment came: its price goes to the wallet.
  await creditWallet(trx, order, payer, ctx);
  await rebate();
  return true;
}

interface Payer {
  id: number;
  username: string;
}

/** The quota a paid order bought: a plan's price when ordered, else its dollars' worth. */
const boughtQuota = (order: TopUpRow, options: OptionsStore): number =>
  Number(order.plan_id) > 0
    ? Number(order.plan_price)
    : order.amount * options.getNumber('QuotaPerUnit');

/** Starts (or extends) the order's plan; false when the plan no longer exists. */
async function deliverPlan(trx: Db, order: TopUpRow, payer: Payer, now: number): Promise<boolean> {
  const plan = await findPlan(trx, Number(order.plan_id));
  if (!plan) return false;
  const lock = engineOf(trx) !== 'sqlite';
  // The payer's row is the mutex of their subscriptions: two of their payments for one plan
  // extend it one after the other instead of both starting one.
  if (lock) await lockUser(trx, payer.id);
  await startSubscription(trx, {
    userId: payer.id,
    username: payer.username,
    plan,
    source: order.payment_method === STRIPE_PAYMENT_METHOD ? 'stripe' : 'epay',
    now,
    lock,
  });
  return true;
}

/** Credits the payer's wallet: a wallet top-up, or what a plan or org order bought when its plan
 * or org is gone by the time the payment is confirmed (the log line says which). */
async function creditWallet(trx: Db, order: TopUpRow, payer: Payer, ctx: CreditContext) {
  const quota = boughtQuota(order, ctx.options);
  await addUserQuota(trx, payer.id, quota);
  const params = { quota: renderQuota(quota, quotaDisplay(ctx.options)), money: ctx.paid };
  const content =
    Number(order.plan_id) > 0
      ? logContent('log.planGoneTopUp', { ...params, id: Number(order.plan_id) })
      : Number(order.org_id) > 0
        ? logContent('log.orgGoneTopUp', { ...params, id: Number(order.org_id) })
        : logContent('log.onlineTopUp', params);
  await insertLogs(trx, [topUpLine(payer, ctx.now, quota, content, 'wallet')]);
}

/** Adds the order's quota to its org's wallet with a top-up line in the org's log. */
async function creditOrg(trx: Db, order: TopUpRow, payer: Payer, ctx: CreditContext) {
  const orgId = Number(order.org_id);
  const quota = boughtQuota(order, ctx.options);
  if (!(await addOrgQuota(trx, orgId, quota))) return false;
  const content = logContent('log.orgTopUp', {
    username: payer.username,
    quota: renderQuota(quota, quotaDisplay(ctx.options)),
    money: ctx.paid,
  });
  await insertLogs(trx, [topUpLine(payer, ctx.now, quota, content, orgFunding(orgId))]);
  return true;
}

const topUpLine = (payer: Payer, now: number, quota: number, content: string, funding: string) => ({
  user_id: payer.id,
  username: payer.username,
  created_at: now,
  type: LogType.topup,
  content,
  quota,
  funding,
});

/** The inviter's share of the payment, once per order (affiliate_rebates.top_up_id is unique). */
async function creditRebate(trx: Db, order: TopUpRow, inviterId: number, ctx: CreditContext) {
  const rebate = rebateOf(
    boughtQuota(order, ctx.options),
    ctx.options.getNumber('AffiliateRebatePercent'),
  );
  if (rebate <= 0 || inviterId <= 0 || inviterId === order.user_id) return;
  await insertRebate(trx, {
    inviter_id: inviterId,
    invitee_id: order.user_id,
    top_up_id: order.id,
    payment_method: order.payment_method,
    quota: rebate,
    created_at: ctx.now,
  });
}
