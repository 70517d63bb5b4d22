// Putting money on a wallet (spec §4, issues 31 and 32): redeeming a code, the credit history, the
// epay quote and signed payment form (for the wallet, an org's wallet with org_id), the referral
// rebates those payments earned, and the epay gateway's notify callback (authenticated by its
// signature, not a session: GET with the fields in the query, or POST with them form-encoded).
import { z } from 'zod';
import type { AffiliateRebateView, Page, PaymentForm } from '../billing';
import {
  pageQuerySchema,
  payRequestSchema,
  redeemRequestSchema,
  topUpAmountRequestSchema,
} from '../billing.schemas';
import type { WalletHistoryEntry } from '../wallet-history';
import { defineEndpoint, typedReply } from './define';

/** What the gateway is told: `success` stops its retries, `fail` asks it to retry or alert. */
const notifyReply = z.enum(['success', 'fail']).meta({ description: 'text/plain' });

export const topUpEndpoints = {
  redeem: defineEndpoint({
    method: 'POST',
    path: '/api/user/topup',
    summary: "Redeems a code onto the caller's wallet (or starts the plan it names)",
    role: 'user',
    body: redeemRequestSchema,
    reply: z.number().meta({ description: 'The quota added (0 for a plan)' }),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/user/topup/self',
    summary:
      "The caller's redeemed codes and every online order they placed (wallet, plan, org), " +
      'each with what it bought, newest first',
    role: 'user',
    query: pageQuerySchema,
    reply: typedReply<Page<WalletHistoryEntry>>('One page of the credit history'),
    pageBase: 0,
  }),
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/user/amount',
    summary: 'What an online top-up of an amount costs (yuan, after the group top-up ratio)',
    role: 'user',
    body: topUpAmountRequestSchema,
    reply: z.number().meta({ description: 'The money to pay' }),
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/api/user/pay',
    summary:
      'Records a pending epay order (for the wallet, or an org with org_id: owners and admins) ' +
      'and replies with the signed form and the gateway url to post it to',
    role: 'user',
    body: payRequestSchema,
    reply: typedReply<PaymentForm>('The form fields and the url'),
  }),
  rebates: defineEndpoint({
    method: 'GET',
    path: '/api/user/aff/history',
    summary: "The referral rebates the caller earned from invitees' online payments",
    role: 'user',
    query: pageQuerySchema,
    reply: typedReply<Page<AffiliateRebateView>>('One page of rebates, newest first'),
    pageBase: 0,
  }),
  notify: defineEndpoint({
    method: 'GET',
    path: '/api/user/epay/notify',
    summary: "The epay gateway's signed payment callback, fields in the query; credits once",
    role: 'guest',
    reply: notifyReply,
    bare: true,
  }),
  notifyForm: defineEndpoint({
    method: 'POST',
    path: '/api/user/epay/notify',
    summary: "The epay gateway's signed payment callback, fields form-encoded; credits once",
    role: 'guest',
    // Read as a form by the server (the one route that takes one), any JSON body is ignored.
    body: z.unknown().meta({ description: 'The callback fields, form-encoded' }),
    reply: notifyReply,
    bare: true,
  }),
};
