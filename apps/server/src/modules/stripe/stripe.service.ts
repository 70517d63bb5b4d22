// Wallet top-up through Stripe Checkout: a pending order, then a Checkout Session for it; the
// signed webhook of a paid session credits that order exactly once, whatever Stripe's retries and
// their order (the credit is the order's guarded pending → success move, as for epay).
import {
  type Language,
  type PlanOnlinePrices,
  STRIPE_PAYMENT_METHOD,
  type StripeCheckout,
  TopUpStatus,
} from '@switchyard/contracts';
import type { Stripe } from 'stripe';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomCode } from '../../lib/crypto';
import { AppError, refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import type { OptionsStore } from '../options/options.store';
import type { PlanRow } from '../plans/plans.repository';
import type { PricingRules } from '../pricing/pricing-rules';
import { creditPaidOrder } from '../topup/order-credit';
import {
  type OrderTarget,
  type OrgTopUpAccess,
  planMoney,
  pricePlan,
  priceTopUp,
} from '../topup/top-up-amount';
import { findTopUpByTradeNo, insertTopUp } from '../topup/topup.repository';
import { stripeConfigured, stripeCurrency } from './stripe-config';
import { createCheckoutSession, toMinorUnits, verifiedEvent } from './stripe-gateway';

export interface StripeDeps {
  db: Db;
  options: OptionsStore;
  pricing: PricingRules;
  clock: Clock;
  log: { warn(details: object, message: string): void };
  /** Refuses (403/404) unless the caller may top the org up: its owners and admins. */
  orgAccess: OrgTopUpAccess;
}

/** The events that can mean a session was paid: card payments complete paid, delayed methods
 * (bank debits) complete unpaid and succeed later. */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

const trimSlash = (url: string): string => url.trim().replace(/\/+$/, '');

export class StripeService {
  constructor(private readonly deps: StripeDeps) {}

  /** Records a pending top-up order (the payer's wallet or an org's) and opens its Checkout Session. */
  async pay(identity: Identity, amount: number, orgId = 0): Promise<StripeCheckout> {
    const { options, pricing } = this.deps;
    if (!stripeConfigured(options)) throw refuse('stripe.disabled');
    const groupRatio = pricing.topupGroupRatio(identity.group);
    const unitPrice = options.getNumber('StripeUnitPrice');
    const { dollars, money } = priceTopUp(options, amount, unitPrice, groupRatio);
    // Only an org's owners and admins top it up (refused before any order is written).
    if (orgId) await this.deps.orgAccess(identity, orgId);
    return this.openCheckout(identity, {
      amount: dollars,
      money,
      name: `TUC${dollars}`,
      org_id: orgId,
    });
  }

  /** The pending order and Checkout Session of a plan (its eligibility is the caller's). */
  async payPlan(identity: Identity, plan: PlanRow): Promise<StripeCheckout> {
    const { options } = this.deps;
    if (!stripeConfigured(options)) throw refuse('stripe.disabled');
    const price = Number(plan.price);
    const money = pricePlan(options, price, options.getNumber('StripeUnitPrice'));
    return this.openCheckout(identity, {
      amount: 0,
      money,
      name: plan.name,
      plan_id: Number(plan.id),
      plan_price: price,
    });
  }

  /** What the plan costs through Stripe, when Stripe is on and the price reaches a cent. */
  planPrices(planPrice: number): PlanOnlinePrices {
    const { options } = this.deps;
    if (!stripeConfigured(options)) return {};
    const money = planMoney(options, planPrice, options.getNumber('StripeUnitPrice'));
    if (money < 0.01) return {};
    return { stripe_money: money, stripe_currency: stripeCurrency(options).toUpperCase() };
  }

  private async openCheckout(identity: Identity, target: OrderTarget): Promise<StripeCheckout> {
    const { db, options, clock } = this.deps;
    const serverAddress = trimSlash(options.getString('ServerAddress'));
    if (!serverAddress) throw refuse('topup.serverAddressMissing');
    const currency = stripeCurrency(options);
    const now = clock.now();
    const tradeNo = `SY${now}${randomCode(10)}`;
    await insertTopUp(db, {
      user_id: identity.userId,
      amount: target.amount,
      money: target.money,
      trade_no: tradeNo,
      payment_method: STRIPE_PAYMENT_METHOD,
      status: TopUpStatus.pending,
      create_time: now,
      plan_id: target.plan_id ?? 0,
      plan_price: target.plan_price ?? 0,
      org_id: target.org_id ?? 0,
      currency: currency.toUpperCase(),
    });
    const order = await findTopUpByTradeNo(db, tradeNo);
    // A plan's buyer comes back to the plans page, a top-up's to the wallet.
    const back = target.plan_id ? '/plans' : '/topup';
    try {
      const session = await createCheckoutSession({
        secretKey: options.get('StripeSecretKey').trim(),
        apiBase: options.getString('StripeApiBase'),
        currency,
        unitAmount: toMinorUnits(target.money, currency),
        productName: target.name,
        tradeNo,
        topUpId: order?.id ?? 0,
        successUrl: `${serverAddress}${back}?stripe=success`,
        cancelUrl: `${serverAddress}${back}?stripe=cancel`,
      });
      if (!session.url) throw new Error('Checkout Session without a url');
      return { url: session.url };
    } catch (error) {
      // Stripe's messages may quote a (masked) key: any key-shaped text is cut from the log. The
      // order stays pending and unpaid.
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const reason = text.replace(/\b(sk|rk|pk)_[A-Za-z0-9_*]+/g, '[key]');
      this.deps.log.warn({ tradeNo, reason }, 'stripe checkout session failed');
      throw new AppError(502, 'stripe.unavailable');
    }
  }

  /** Verifies a webhook and credits the order of a paid session; throws 400 on a bad signature. */
  async webhook(rawBody: Buffer, signature: string, language: Language): Promise<void> {
    const { db, options, clock } = this.deps;
    const secret = options.get('StripeWebhookSecret').trim();
    if (!secret || !signature) throw new AppError(400, 'stripe.badSignature');
    let event: Stripe.Event;
    try {
      event = await verifiedEvent(rawBody, signature, secret);
    } catch {
      throw new AppError(400, 'stripe.badSignature');
    }
    if (!PAID_EVENTS.has(event.type)) return;
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return;
    const tradeNo = session.client_reference_id ?? session.metadata?.trade_no ?? '';
    const order = tradeNo ? await findTopUpByTradeNo(db, tradeNo) : undefined;
    // A signed event for a session that is not one of ours, or not for the order's sum, is
    // acknowledged (retrying cannot change it) and credits nothing.
    const expected = order ? toMinorUnits(order.money, session.currency ?? '') : -1;
    if (
      !order ||
      order.payment_method !== STRIPE_PAYMENT_METHOD ||
      session.amount_total !== expected
    ) {
      this.deps.log.warn(
        { tradeNo, event: event.id },
        'stripe webhook for an unknown order or sum',
      );
      return;
    }
    await creditPaidOrder(order, {
      db,
      options,
      now: clock.now(),
      language,
      paid: `${order.money.toFixed(2)} ${(session.currency ?? '').toUpperCase()}`,
    });
  }
}
