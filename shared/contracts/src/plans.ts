// Plans and subscriptions (issue 31): what a plan sells, what a subscriber sees of its windows.

/** The periods a plan's quota windows can have; every window of a plan applies at once. */
export const PLAN_PERIODS = ['5h', 'day', 'week', 'month'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** Each period's length in seconds (a month is 30 days). */
export const PLAN_PERIOD_SECONDS: Record<PlanPeriod, number> = {
  '5h': 5 * 3600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

export const PlanStatus = { onSale: 1, offSale: 2 } as const;
export const SubscriptionStatus = { active: 1, expired: 2, ended: 3 } as const;

export const PLAN_NAME_MAX = 64;
export const PLAN_DESCRIPTION_MAX = 1000;
export const PLAN_DURATION_MAX_DAYS = 3660;

export interface PlanLimit {
  period: PlanPeriod;
  quota: number;
}

export interface PlanView {
  id: number;
  name: string;
  description: string;
  status: number;
  price: number;
  duration_days: number;
  /** Comma list of models; empty: every model. */
  models: string;
  /** Comma list of user groups that may buy it; empty: all. */
  groups: string;
  limits: PlanLimit[];
  upgrade_group: string;
  sort: number;
  created_at: number;
  /** On the buyable list, where epay is configured: what paying the plan by epay costs (yuan). */
  epay_money?: number;
  /** On the buyable list, where Stripe is configured: what Checkout charges, in `stripe_currency`. */
  stripe_money?: number;
  /** ISO code of `stripe_money` (upper case). */
  stripe_currency?: string;
}

/** What a plan costs paid online, per configured gateway (absent: that gateway is off). */
export type PlanOnlinePrices = Pick<PlanView, 'epay_money' | 'stripe_money' | 'stripe_currency'>;

/** One window of a subscription: what was used in it, its quota and when it starts over. */
export interface SubscriptionWindowView {
  period: PlanPeriod;
  used: number;
  quota: number;
  resets_at: number;
}

export interface SubscriptionView {
  id: number;
  user_id: number;
  plan_id: number;
  plan_name: string;
  models: string;
  status: number;
  starts_at: number;
  expires_at: number;
  auto_renew: boolean;
  /** How it was paid: wallet, epay, stripe, redemption or default. */
  source: string;
  limits: SubscriptionWindowView[];
}

/** The journal's / log's funding text of a subscription (`plan:<id>`). */
export const planFunding = (subscriptionId: number): string => `plan:${subscriptionId}`;

/** Whether a plan's comma list of models covers a model (empty: every model). */
export function planCovers(models: string, model: string): boolean {
  const list = models.trim();
  if (list === '') return true;
  return list.split(',').some((name) => name.trim() === model);
}
