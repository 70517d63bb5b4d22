// Expiry and renewal of subscriptions, run every minute on every node. Safe on several nodes
// without a lease: each step is a guarded update (a renewal moves `expires_at` only from the value
// it read, an expiry only from active), so of two nodes visiting one row only one step applies,
// and a renewal's wallet charge commits in the same transaction as its extension.
import { LogType, SubscriptionStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { insertLogs } from '../logs/logs.repository';
import {
  chargeWallet,
  closeSubscription,
  dueSubscriptions,
  extendSubscription,
  otherUpgrade,
  type SubscriptionRow,
  setUserGroup,
  usernameOf,
} from './subscriptions.repository';

const BATCH = 200;
export const SUBSCRIPTION_SWEEP_MS = 60_000;

class NotRenewed extends Error {}

/** Gives the user back the group they had before the subscription's upgrade group. */
export async function restoreGroup(trx: Db, row: SubscriptionRow): Promise<void> {
  const upgrade = row.upgrade_group;
  if (!upgrade || !row.previous_group) return;
  if (await otherUpgrade(trx, Number(row.user_id), Number(row.id), upgrade)) return;
  await setUserGroup(trx, Number(row.user_id), row.previous_group, upgrade);
}

export class SubscriptionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly warn: (message: string) => void,
  ) {}

  start(everyMs = SUBSCRIPTION_SWEEP_MS): void {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  tick(): Promise<number> {
    this.running ??= this.sweep()
      .catch((error: unknown) => {
        this.warn(`subscription job: ${error instanceof Error ? error.message : error}`);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Renews (auto_renew, wallet permitting) or expires every subscription whose end has come. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let done = 0;
    for (const row of await dueSubscriptions(this.db, now, BATCH)) {
      if (Number(row.auto_renew) === 1 && (await this.renew(row))) {
        done += 1;
        continue;
      }
      const expired = await this.db.transaction().execute(async (trx) => {
        if (!(await closeSubscription(trx, Number(row.id), SubscriptionStatus.expired, now, now))) {
          return false;
        }
        await restoreGroup(trx, row);
        return true;
      });
      if (expired) done += 1;
    }
    return done;
  }

  /** One more period from the wallet at the price it was bought at; false when the wallet is short. */
  private async renew(row: SubscriptionRow): Promise<boolean> {
    const now = this.clock.now();
    const seconds = Number(row.duration_days) * 86_400;
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await extendSubscription(trx, Number(row.id), Number(row.expires_at), seconds))) {
          throw new NotRenewed();
        }
        if (!(await chargeWallet(trx, Number(row.user_id), Number(row.price)))) {
          throw new NotRenewed();
        }
        // The wallet paid: the user's log says for what, as a purchase's start does.
        await insertLogs(trx, [
          {
            user_id: Number(row.user_id),
            username: await usernameOf(trx, Number(row.user_id)),
            created_at: now,
            type: LogType.system,
            content: logContent('log.planRenewed', {
              name: row.plan_name,
              id: Number(row.plan_id),
              days: Number(row.duration_days),
            }),
            quota: Number(row.price),
            other: JSON.stringify({
              subscription_id: Number(row.id),
              plan_id: Number(row.plan_id),
              source: 'renewal',
            }),
          },
        ]);
      });
      return true;
    } catch (error) {
      if (error instanceof NotRenewed) return false;
      throw error;
    }
  }
}
