// A subscription row as its owner and admins see it: status, dates and each window's usage now.
import type { SubscriptionView } from '@switchyard/contracts';
import { windowsOf, windowUse } from '../../ledger/plan-windows';
import type { SubscriptionRow } from './subscriptions.repository';

export function subscriptionView(row: SubscriptionRow, now: number): SubscriptionView {
  const startsAt = Number(row.starts_at);
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    plan_id: Number(row.plan_id),
    plan_name: row.plan_name,
    models: row.models,
    status: Number(row.status),
    starts_at: startsAt,
    expires_at: Number(row.expires_at),
    auto_renew: Number(row.auto_renew) === 1,
    source: row.source,
    limits: windowsOf(row).map((window) => {
      const use = windowUse(window, startsAt, now);
      return {
        period: window.period,
        used: use.used,
        quota: window.quota,
        resets_at: use.resetsAt,
      };
    }),
  };
}
