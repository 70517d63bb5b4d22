// Calls of the wallet page: balance, redeem, online top-up quote and payment form, Stripe Checkout,
// and an org's wallet when the top bar's scope is an org (issue 32).
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type {
  OrgDetail,
  Page,
  PaymentForm,
  PaymentMethod,
  SelfUser,
  StripeCheckout,
  WalletHistoryEntry,
} from '@switchyard/contracts';
import {
  orgEndpoints,
  stripeEndpoints,
  topUpEndpoints,
  userEndpoints,
} from '@switchyard/contracts/endpoints';

const stripeApi = createEndpointApi(stripeEndpoints);
const topUpApi = createEndpointApi(topUpEndpoints);
const orgsApi = createEndpointApi(orgEndpoints);
const accountApi = createEndpointApi(userEndpoints);

export const getSelf = (): Promise<SelfUser> => accountApi.self();

/** Redeems a code; resolves to the quota added. */
export const redeemCode = (key: string): Promise<number> => topUpApi.redeem({ body: { key } });

/** The yuan to pay for an amount. */
export const quoteTopUp = (amount: number): Promise<number> =>
  topUpApi.quote({ body: { amount, top_up_code: '' } });

/** The signed epay form for `amount`, for the user's wallet or (`orgId`) an org's. */
export const startPayment = (
  amount: number,
  method: PaymentMethod,
  orgId?: number,
): Promise<PaymentForm> =>
  topUpApi.pay({
    body: { amount, top_up_code: '', payment_method: method, ...(orgId ? { org_id: orgId } : {}) },
  });

/** The user's redeemed codes and top-up orders; `page` counts from 1. */
export const listWalletHistory = (page: number, size: number): Promise<Page<WalletHistoryEntry>> =>
  topUpApi.history({ query: { p: endpointPage(topUpEndpoints.history, page), size } });

/** Opens a Stripe Checkout Session for `amount` (for an org's wallet with `orgId`). */
export const startStripePayment = (amount: number, orgId?: number): Promise<StripeCheckout> =>
  stripeApi.pay({ body: orgId ? { amount, org_id: orgId } : { amount } });

/** The org the top bar's scope names: its balance and the caller's role in it. */
export const getOrg = (orgId: number): Promise<OrgDetail> =>
  orgsApi.get({ params: { id: orgId } }) as Promise<OrgDetail>;
/** Moves quota from the caller's wallet into the org's; resolves to the org's balance. */
export const fundOrg = (orgId: number, quota: number): Promise<number> =>
  orgsApi.fund({ params: { id: orgId }, body: { quota } });
/** Redeems a code into the org's wallet; resolves to the quota added. */
export const redeemIntoOrg = (orgId: number, key: string): Promise<number> =>
  orgsApi.redeem({ params: { id: orgId }, body: { key } });
