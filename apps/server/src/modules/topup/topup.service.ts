// Putting money on a user's balance: redeeming a code, and online top-up through epay (price
// quote, signed payment form, notify callback). Every credit is exactly-once.
import {
  type AffiliateRebateView,
  EPAY_CURRENCY,
  type Language,
  LogType,
  PAYMENT_METHODS,
  type Page,
  type PageQuery,
  type PaymentForm,
  type PaymentMethod,
  type PayRequest,
  type PlanOnlinePrices,
  renderQuota,
  TopUpStatus,
  type WalletHistoryEntry,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { NewLog } from '../../db/schema';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { randomCode } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import { redeemPlan } from '../plans/plan-grants';
import type { PlanRow } from '../plans/plans.repository';
import type { PricingRules } from '../pricing/pricing-rules';
import { claimRedemption, findRedemptionByKey } from '../redemptions/redemptions.repository';
import { addUserQuota } from '../users/users.repository';
import {
  EPAY_NOTIFY_PATH,
  EPAY_SUBMIT_PATH,
  EPAY_TRADE_SUCCESS,
  type EpayFields,
  signedEpayForm,
  verifyEpaySign,
} from './epay';
import { creditPaidOrder, quotaDisplay } from './order-credit';
import { listRebates } from './rebates.repository';
import {
  type OrderTarget,
  type OrgTopUpAccess,
  planMoney,
  pricePlan,
  priceTopUp,
  type TopUpPrice,
} from './top-up-amount';
import { findTopUpByTradeNo, insertTopUp } from './topup.repository';
import { historyEntry } from './wallet-history';
import { walletHistory } from './wallet-history.repository';

export interface TopUpDeps {
  db: Db;
  options: OptionsStore;
  pricing: PricingRules;
  clock: Clock;
  /** Refuses (403/404) unless the caller may top the org up: its owners and admins. */
  orgAccess: OrgTopUpAccess;
}

/** What the gateway is told: `success` stops its retries, `fail` asks it to retry or alert. */
export type NotifyReply = 'success' | 'fail';

const trimSlash = (url: string): string => url.trim().replace(/\/+$/, '');

export class TopUpService {
  constructor(private readonly deps: TopUpDeps) {}

  /** Redeems a code; returns the quota added. Racing redeems of one code: exactly one wins. */
  async redeem(identity: Identity, key: string): Promise<number> {
    if (!key) throw refuse('redeem.emptyKey');
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      if (!(await claimRedemption(trx, key, identity.userId, now))) throw refuse('redeem.invalid');
      const code = await findRedemptionByKey(trx, key);
      if (code && Number(code.plan_id) > 0) {
        await redeemPlan(trx, identity, Number(code.plan_id), now);
        return 0;
      }
      const quota = code?.quota ?? 0;
      await addUserQuota(trx, identity.userId, quota);
      const content = logContent('log.redeemed', {
        quota: renderQuota(quota, this.display()),
        id: code?.id ?? 0,
      });
      await insertLogs(trx, [
        this.topUpLog(identity.userId, identity.username, now, quota, content),
      ]);
      return quota;
    });
  }

  /** The yuan to pay for `amount` (dollars, or quota units when currency display is off). */
  quote(identity: Identity, amount: number): number {
    return this.price(identity, amount).money;
  }

  /** Records a pending order and returns the signed form the browser posts to the gateway. */
  async pay(identity: Identity, input: PayRequest): Promise<PaymentForm> {
    const { dollars, money } = this.price(identity, input.amount);
    // Only an org's owners and admins top it up (refused before any order is written).
    if (input.org_id) await this.deps.orgAccess(identity, input.org_id);
    const target = { amount: dollars, money, name: `TUC${dollars}`, org_id: input.org_id ?? 0 };
    return this.openOrder(identity, target, input.payment_method);
  }

  /** The pending order and signed form of a plan bought by epay (its eligibility is the caller's). */
  async payPlan(identity: Identity, plan: PlanRow, method: PaymentMethod): Promise<PaymentForm> {
    const { options } = this.deps;
    if (!this.onlineTopUpEnabled()) throw refuse('topup.disabled');
    const price = Number(plan.price);
    const money = pricePlan(options, price, options.getNumber('Price'));
    const target = { amount: 0, money, name: `PLAN${plan.id}`, plan_id: Number(plan.id) };
    return this.openOrder(identity, { ...target, plan_price: price }, method);
  }

  /** What the plan costs by epay, when epay is on and the price reaches a cent. */
  planPrices(planPrice: number): PlanOnlinePrices {
    const { options } = this.deps;
    if (!this.onlineTopUpEnabled()) return {};
    const money = planMoney(options, planPrice, options.getNumber('Price'));
    return money >= 0.01 ? { epay_money: money } : {};
  }

  private async openOrder(
    identity: Identity,
    target: OrderTarget,
    method: PaymentMethod,
  ): Promise<PaymentForm> {
    const { options, clock } = this.deps;
    const serverAddress = trimSlash(options.getString('ServerAddress'));
    const callbackBase = trimSlash(options.getString('CustomCallbackAddress')) || serverAddress;
    if (!callbackBase) throw refuse('topup.serverAddressMissing');
    const now = clock.now();
    const tradeNo = `SY${now}${randomCode(10)}`;
    const fields = signedEpayForm(
      {
        pid: options.getString('EpayId').trim(),
        type: PAYMENT_METHODS[method],
        out_trade_no: tradeNo,
        notify_url: `${callbackBase}${EPAY_NOTIFY_PATH}`,
        // A plan's buyer comes back to the plans page, a top-up's to the log (as the reference).
        return_url: `${serverAddress || callbackBase}${target.plan_id ? '/plans' : '/log'}`,
        name: target.name,
        money: target.money.toFixed(2),
      },
      options.get('EpayKey'),
    );
    await insertTopUp(this.deps.db, {
      user_id: identity.userId,
      amount: target.amount,
      money: target.money,
      trade_no: tradeNo,
      payment_method: method,
      status: TopUpStatus.pending,
      create_time: now,
      plan_id: target.plan_id ?? 0,
      plan_price: target.plan_price ?? 0,
      org_id: target.org_id ?? 0,
      currency: EPAY_CURRENCY,
    });
    return { url: `${trimSlash(options.getString('PayAddress'))}${EPAY_SUBMIT_PATH}`, fields };
  }

  /** Verifies a gateway callback and credits its order once; replays and forgeries credit nothing. */
  async notify(fields: EpayFields, language: Language): Promise<NotifyReply> {
    const { db, options, clock } = this.deps;
    const key = options.get('EpayKey');
    if (!key || !verifyEpaySign(fields, key)) return 'fail';
    if (fields.pid !== options.getString('EpayId').trim()) return 'fail';
    if (fields.trade_status !== EPAY_TRADE_SUCCESS) return 'success';
    const tradeNo = fields.out_trade_no ?? '';
    const order = await findTopUpByTradeNo(db, tradeNo);
    // The paid sum must be the order's: a signed callback for another amount is not this order.
    if (!order || Math.abs(order.money - Number(fields.money)) >= 0.005) return 'fail';
    await creditPaidOrder(order, {
      db,
      options,
      now: clock.now(),
      language,
      paid: order.money.toFixed(2),
    });
    return 'success';
  }

  /** The user's redeemed codes and every online order they placed, newest first. */
  async history(identity: Identity, page: PageQuery): Promise<Page<WalletHistoryEntry>> {
    const { rows, total } = await walletHistory(
      this.deps.db,
      identity.userId,
      page.p * page.size,
      page.size,
    );
    const items = rows.map((row) => historyEntry(row, this.deps.options));
    return { items, total, page: page.p, page_size: page.size };
  }

  /** The referral rebates the user earned, newest first. */
  async rebates(identity: Identity, page: PageQuery): Promise<Page<AffiliateRebateView>> {
    const { items, total } = await listRebates(
      this.deps.db,
      identity.userId,
      page.p * page.size,
      page.size,
    );
    return { items, total, page: page.p, page_size: page.size };
  }

  private price(identity: Identity, amount: number): TopUpPrice {
    const { options, pricing } = this.deps;
    if (!this.onlineTopUpEnabled()) throw refuse('topup.disabled');
    const groupRatio = pricing.topupGroupRatio(identity.group);
    return priceTopUp(options, amount, options.getNumber('Price'), groupRatio);
  }

  private onlineTopUpEnabled(): boolean {
    const { options } = this.deps;
    return (['PayAddress', 'EpayId', 'EpayKey'] as const).every(
      (k) => options.get(k).trim() !== '',
    );
  }

  private display() {
    return quotaDisplay(this.deps.options);
  }

  private topUpLog(
    userId: number,
    username: string,
    now: number,
    quota: number,
    content: string,
  ): NewLog {
    return { user_id: userId, username, created_at: now, type: LogType.topup, content, quota };
  }
}
