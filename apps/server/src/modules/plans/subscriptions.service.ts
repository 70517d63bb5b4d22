// Subscriptions (issue 31): bought from the wallet (charged once, in the transaction that starts
// it) or online (a pending order whose confirmed payment starts it: topup/order-credit), listed
// with their windows, renewed or ended. Expiry and renewal are subscription-job's.
import {
  isAdmin,
  type PaymentForm,
  type PaymentMethod,
  type PlanOnlinePrices,
  PlanStatus,
  type StripeCheckout,
  type SubscribeRequest,
  SubscriptionStatus,
  type SubscriptionView,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { engineOf } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { findPlan, type PlanRow } from './plans.repository';
import { groupMayBuy } from './plans.service';
import { restoreGroup } from './subscription-job';
import { startSubscription } from './subscription-start';
import { subscriptionView } from './subscription-view';
import {
  chargeWallet,
  closeSubscription,
  findSubscription,
  listUserSubscriptions,
  type SubscriptionRow,
  setAutoRenew,
} from './subscriptions.repository';

/** Thrown inside a purchase's transaction to roll it back when the wallet is short. */
class WalletShort extends Error {}

/** The gateways a plan is paid through online (the top-up and Stripe services). */
export interface PlanPayments {
  epay(identity: Identity, plan: PlanRow, method: PaymentMethod): Promise<PaymentForm>;
  stripe(identity: Identity, plan: PlanRow): Promise<StripeCheckout>;
  /** What a plan of this quota price costs by each configured gateway, for the plan cards. */
  prices(planPrice: number): PlanOnlinePrices;
}

export type OnlinePayment = { method: 'epay'; epayMethod: PaymentMethod } | { method: 'stripe' };

export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PlanPayments,
  ) {}

  /** Buys the plan from the wallet, or opens an online payment whose confirmation starts it. */
  async subscribe(
    identity: Identity,
    input: SubscribeRequest,
  ): Promise<SubscriptionView | PaymentForm | StripeCheckout> {
    if (input.payment_method === 'epay') {
      return this.checkout(identity, input.plan_id, {
        method: 'epay',
        epayMethod: input.epay_method,
      });
    }
    if (input.payment_method === 'stripe') {
      return this.checkout(identity, input.plan_id, { method: 'stripe' });
    }
    return this.buyFromWallet(identity, input.plan_id);
  }

  /**
   * A pending order of the plan and the gateway's payment page. Eligibility is checked here only:
   * once paid, the order delivers even if the plan went off sale meanwhile.
   */
  async checkout(
    identity: Identity,
    planId: number,
    payment: OnlinePayment,
  ): Promise<PaymentForm | StripeCheckout> {
    const plan = await this.buyable(identity, planId);
    return payment.method === 'epay'
      ? this.payments.epay(identity, plan, payment.epayMethod)
      : this.payments.stripe(identity, plan);
  }

  private async buyable(identity: Identity, planId: number): Promise<PlanRow> {
    const plan = await findPlan(this.db, planId);
    if (!plan) throw refuse('plan.notFound');
    if (Number(plan.status) !== PlanStatus.onSale) throw refuse('plan.offSale');
    if (!groupMayBuy(plan, identity.group)) throw refuse('plan.notForGroup');
    return plan;
  }

  /** The charge and the subscription commit together or not at all. */
  private async buyFromWallet(identity: Identity, planId: number): Promise<SubscriptionView> {
    const plan = await this.buyable(identity, planId);
    const now = this.clock.now();
    const lock = engineOf(this.db) !== 'sqlite';
    let id: number;
    try {
      // Racing purchases of one plan by one user can deadlock on MySQL (the gap lock of the
      // active-subscription lookup): the victim runs again and then extends the winner's.
      id = await retryOnDeadlock(() =>
        this.db.transaction().execute(async (trx) => {
          // The subscription row (when extended) before the user's: the ledger's lock order.
          const started = await startSubscription(trx, {
            userId: identity.userId,
            username: identity.username,
            plan,
            source: 'wallet',
            now,
            lock,
          });
          if (!(await chargeWallet(trx, identity.userId, Number(plan.price))))
            throw new WalletShort();
          return started;
        }),
      );
    } catch (error) {
      if (error instanceof WalletShort) throw refuse('subscription.walletShort');
      throw error;
    }
    return subscriptionView(await this.load(id), now);
  }

  async self(userId: number): Promise<SubscriptionView[]> {
    const now = this.clock.now();
    return (await listUserSubscriptions(this.db, userId)).map((row) => subscriptionView(row, now));
  }

  async ofUser(userId: number): Promise<SubscriptionView[]> {
    return this.self(userId);
  }

  async setAutoRenew(
    identity: Identity,
    id: number,
    autoRenew: boolean,
  ): Promise<SubscriptionView> {
    if (!(await setAutoRenew(this.db, identity.userId, id, autoRenew))) {
      throw refuse('subscription.notFound');
    }
    return subscriptionView(await this.load(id), this.clock.now());
  }

  /** Ends an active subscription now (admin); its windows stop funding requests at once. */
  async end(identity: Identity, id: number, actor: AuditActor): Promise<void> {
    if (!isAdmin(identity.role)) throw refuse('subscription.notFound');
    const row = await this.load(id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await closeSubscription(trx, id, SubscriptionStatus.ended, now))) {
        throw refuse('subscription.notActive');
      }
      await restoreGroup(trx, row);
      await recordAudit(trx, actor, {
        action: 'subscription.end',
        target_type: 'subscription',
        target_id: id,
        summary: { user_id: Number(row.user_id), plan_id: Number(row.plan_id) },
      });
    });
  }

  private async load(id: number): Promise<SubscriptionRow> {
    const row = await findSubscription(this.db, id);
    if (!row) throw refuse('subscription.notFound');
    return row;
  }
}
