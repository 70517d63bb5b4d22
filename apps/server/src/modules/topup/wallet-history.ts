// A history row as the wallet shows it: the quota the entry bought, what it bought and in which
// currency the order was paid.
import {
  EPAY_CURRENCY,
  STRIPE_PAYMENT_METHOD,
  type WalletHistoryEntry,
  type WalletHistoryTarget,
} from '@switchyard/contracts';
import type { OptionsStore } from '../options/options.store';
import { stripeCurrency } from '../stripe/stripe-config';
import type { WalletHistoryRow } from './wallet-history.repository';

const targetOf = (row: WalletHistoryRow): [WalletHistoryTarget, number] => {
  if (row.plan_id > 0) return ['plan', row.plan_id];
  if (row.org_id > 0) return ['org', row.org_id];
  return ['wallet', 0];
};

export function historyEntry(row: WalletHistoryRow, options: OptionsStore): WalletHistoryEntry {
  const [target, targetId] = targetOf(row);
  const order = row.kind === 'topup';
  // An order keeps a plan's quota price, or its amount in dollars: credited × QuotaPerUnit.
  const quota = !order
    ? row.amount
    : target === 'plan'
      ? row.plan_price
      : Math.round(row.amount * options.getNumber('QuotaPerUnit'));
  return {
    kind: row.kind,
    id: row.id,
    time: row.time,
    quota,
    money: row.money,
    payment_method: row.payment_method,
    status: row.status,
    target,
    target_id: targetId,
    target_name: target === 'wallet' ? '' : (row.target_name ?? ''),
    currency: order ? row.currency || legacyCurrency(row, options) : '',
  };
}

/** An order older than its currency column: epay's yuan, or Stripe's currency as set now. */
const legacyCurrency = (row: WalletHistoryRow, options: OptionsStore): string =>
  row.payment_method === STRIPE_PAYMENT_METHOD
    ? stripeCurrency(options).toUpperCase()
    : EPAY_CURRENCY;
