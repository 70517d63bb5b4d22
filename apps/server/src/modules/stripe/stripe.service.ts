// Wallet top-up through Stripe Checkout: a pending order, then a Checkout Session for it; the
// signed webhook of a paid session credits that order exactly once, whatever Stripe's retries and
// their order (the credit is the order's guarded pending → success move, as for epay).
import {
  type Language,
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
import type { PricingRules } from '../pricing/pricing-rules';
import { creditPaidOrder } from '../topup/order-credit';
import { priceTopUp } from '../topup/top-up-amount';
import { findTopUpByTradeNo, insertTopUp } from '../topup/topup.repository';
import { stripeConfigured } from './stripe-config';
import { createCheckoutSession, toMinorUnits, verifiedEvent } from './stripe-gateway';

export interface StripeDeps {
  db: Db;
  options: OptionsStore;
  pricing: PricingRules;
  clock: Clock;
  log: { warn(details: object, message: string): void };
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

  /** Records a pending order and opens a Checkout Session for it; returns the session's page. */
  async pay(identity: Identity, amount: number): Promise<StripeCheckout> {
    const { db, options, pricing, clock } = this.deps;
    if (!stripeConfigured(options)) throw refuse('stripe.disabled');
    const groupRatio = pricing.topupGroupRatio(identity.group);
    const { dollars, money } = priceTopUp(
      options,
      amount,
      options.getNumber('StripeUnitPrice'),
      groupRatio,
    );
    const serverAddress = trimSlash(options.getString('ServerAddress'));
    if (!serverAddress) throw refuse('topup.serverAddressMissing');
    const currency = options.getString('StripeCurrency').trim().toLowerCase() || 'usd';
    const now = clock.now();
    const tradeNo = `SY${now}${randomCode(10)}`;
    await insertTopUp(db, {
      user_id: identity.userId,
      amount: dollars,
      money,
      trade_no: tradeNo,
      payment_method: STRIPE_PAYMENT_METHOD,
      status: TopUpStatus.pending,
      create_time: now,
    });
    const order = await findTopUpByTradeNo(db, tradeNo);
    try {
      const session = await createCheckoutSession({
        secretKey: options.get('StripeSecretKey').trim(),
        apiBase: options.getString('StripeApiBase'),
        currency,
        unitAmount: toMinorUnits(money, currency),
        productName: `TUC${dollars}`,
        tradeNo,
        topUpId: order?.id ?? 0,
        successUrl: `${serverAddress}/topup?stripe=success`,
        cancelUrl: `${serverAddress}/topup?stripe=cancel`,
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
