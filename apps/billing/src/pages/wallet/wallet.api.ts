// Calls of the wallet page: balance, redeem, online top-up quote and payment form, Stripe Checkout.
import { apiGet, apiPost, createEndpointApi } from '@switchyard/console-kit';
import type {
  Page,
  PaymentForm,
  PaymentMethod,
  SelfUser,
  StripeCheckout,
  WalletHistoryEntry,
} from '@switchyard/contracts';
import { stripeEndpoints } from '@switchyard/contracts/endpoints';

const stripeApi = createEndpointApi(stripeEndpoints);

export const getSelf = (): Promise<SelfUser> => apiGet('/api/user/self');

/** Redeems a code; resolves to the quota added. */
export const redeemCode = (key: string): Promise<number> =>
  apiPost('/api/user/topup', { body: { key } });

/** The yuan to pay for an amount. */
export const quoteTopUp = (amount: number): Promise<number> =>
  apiPost('/api/user/amount', { body: { amount, top_up_code: '' } });

export const startPayment = (amount: number, method: PaymentMethod): Promise<PaymentForm> =>
  apiPost('/api/user/pay', { body: { amount, top_up_code: '', payment_method: method } });

/** The user's redeemed codes and top-up orders; `page` counts from 1, the server's `p` from 0. */
export const listWalletHistory = (page: number, size: number): Promise<Page<WalletHistoryEntry>> =>
  apiGet('/api/user/topup/self', { params: { p: page - 1, size } });

/** Opens a Stripe Checkout Session for `amount`; resolves to the page to send the browser to. */
export const startStripePayment = (amount: number): Promise<StripeCheckout> =>
  stripeApi.pay({ body: { amount } });
