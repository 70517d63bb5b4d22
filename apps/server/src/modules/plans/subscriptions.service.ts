// Subscriptions (issue 31): bought from the wallet (charged once, in the transaction that starts
// it), listed with their windows, renewed or ended. Expiry and renewal are subscription-job's.
import {
  isAdmin,
  PlanStatus,
  type SubscribeRequest,
  SubscriptionStatus,
  type SubscriptionView,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { findPlan } from './plans.repository';
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

export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Buys the plan from the wallet: the charge and the subscription commit together or not at all. */
  async subscribe(identity: Identity, input: SubscribeRequest): Promise<SubscriptionView> {
    if (input.payment_method !== 'wallet') throw refuse('subscription.paymentUnavailable');
    const plan = await findPlan(this.db, input.plan_id);
    if (!plan) throw refuse('plan.notFound');
    if (Number(plan.status) !== PlanStatus.onSale) throw refuse('plan.offSale');
    if (!groupMayBuy(plan, identity.group)) throw refuse('plan.notForGroup');
    const now = this.clock.now();
    const lock = engineOf(this.db) !== 'sqlite';
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
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
      });
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
