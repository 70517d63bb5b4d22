// What an online top-up of `amount` buys and costs, the same for every gateway: the amount is in
// dollars (or quota units when currency display is off), at least MinTopUp, and the price per
// dollar is scaled by the user's TopupGroupRatio.
import { refuse } from '../../lib/errors';
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
