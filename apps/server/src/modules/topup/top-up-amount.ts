// What an online top-up of `amount` buys and costs, the same for every gateway: the amount is in
// dollars (or quota units when currency display is off), at least MinTopUp, and the price per
// dollar is scaled by the user's TopupGroupRatio.
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import type { OptionsStore } from '../options/options.store';

export interface TopUpPrice {
  /** Whole dollars of quota the order buys. */
  dollars: number;
  /** What the user pays, rounded to cents. */
  money: number;
}

export function priceTopUp(
  options: OptionsStore,
  amount: number,
  unitPrice: number,
  groupRatio: number,
): TopUpPrice {
  const inCurrency = options.getBool('DisplayInCurrencyEnabled');
  const perUnit = options.getNumber('QuotaPerUnit');
  const minTopUp = options.getInt('MinTopUp');
  const minimum = inCurrency ? minTopUp : minTopUp * perUnit;
  if (amount < minimum) throw refuse('topup.belowMin', { min: minimum });
  const dollars = inCurrency ? amount : Math.floor(amount / perUnit);
  const money = Math.round(dollars * unitPrice * (groupRatio || 1) * 100) / 100;
  if (money < 0.01) throw refuse('topup.moneyTooSmall');
  return { dollars, money };
}

/** What a plan costs online: its price in quota as dollars × the gateway's unit price, in cents. */
export function planMoney(options: OptionsStore, planPrice: number, unitPrice: number): number {
  const dollars = planPrice / options.getNumber('QuotaPerUnit');
  return Math.round(dollars * unitPrice * 100) / 100;
}

/** The plan's online price, refused when it rounds to less than a cent (no gateway takes it). */
export function pricePlan(options: OptionsStore, planPrice: number, unitPrice: number): number {
  const money = planMoney(options, planPrice, unitPrice);
  if (money < 0.01) throw refuse('topup.moneyTooSmall');
  return money;
}

/** What a pending order buys besides its price: wallet dollars, or a plan, for a user or an org. */
export interface OrderTarget {
  /** Whole dollars of quota (0 for a plan). */
  amount: number;
  money: number;
  /** The product name the gateway shows. */
  name: string;
  plan_id?: number;
  plan_price?: number;
  org_id?: number;
}

/** Refuses (403/404) unless the caller may top the org up: its owners and admins. */
export type OrgTopUpAccess = (identity: Identity, orgId: number) => Promise<void>;
