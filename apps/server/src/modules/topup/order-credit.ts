// Crediting a paid online top-up order, the one step every payment gateway's confirmation ends in:
// the order's guarded move from pending to success, the quota, the top-up log and the inviter's
// rebate, all in one transaction, so a retried or reordered confirmation credits nothing twice.
import { type Language, LogType, type QuotaDisplay, renderQuota } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { MessageKey } from '../../i18n';
import { logContent } from '../../i18n/log-content';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import { addUserQuota, findUserById } from '../users/users.repository';
import { insertRebate } from './rebates.repository';
import { completeTopUp, type TopUpRow } from './topup.repository';

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
  const { db, options, now, language } = ctx;
  return db.transaction().execute(async (trx) => {
    if (!(await completeTopUp(trx, order.trade_no, now))) return false;
    const quota = order.amount * options.getNumber('QuotaPerUnit');
    await addUserQuota(trx, order.user_id, quota);
    const user = await findUserById(trx, order.user_id);
    const content = logContent('log.onlineTopUp', {
      quota: renderQuota(quota, quotaDisplay(options)),
      money: ctx.paid,
    });
    await insertLogs(trx, [
      {
        user_id: order.user_id,
        username: user?.username ?? '',
        created_at: now,
        type: LogType.topup,
        content,
        quota,
      },
    ]);
    const rebate = rebateOf(quota, options.getNumber('AffiliateRebatePercent'));
    const inviterId = Number(user?.inviter_id ?? 0);
    if (rebate > 0 && inviterId > 0 && inviterId !== order.user_id) {
      await insertRebate(trx, {
        inviter_id: inviterId,
        invitee_id: order.user_id,
        top_up_id: order.id,
        payment_method: order.payment_method,
        quota: rebate,
        created_at: now,
      });
    }
    return true;
  });
}
