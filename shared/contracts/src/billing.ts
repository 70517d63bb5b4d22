// Billing domain constants and pure rules shared by the server and the billing console (zod-free).
import { QUOTA_PER_DOLLAR, TokenStatus } from './domain';

/** Token keys are 48 random letters and digits, stored without the `sk-` shown to users. */
export const TOKEN_KEY_LENGTH = 48;
export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_NAME_MAX = 30;
export const TOKEN_DEFAULT_QUOTA = 500_000;
export const TOKEN_BATCH_PRESETS = [10, 20, 30, 100] as const;
export const TOKEN_BATCH_MAX = 100;
export const TOKEN_MODEL_LIMITS_MAX = 1024;
/** expired_time value meaning the token never expires. */
export const NEVER_EXPIRES = -1;

export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_COUNT_MAX = 100;
export const REDEMPTION_DEFAULT_QUOTA = 100_000;

/** Quota presets of spec §9: 1$, 10$, 50$, 100$, 500$, 1000$. */
export const QUOTA_PRESETS = [1, 10, 50, 100, 500, 1000].map((dollars) => ({
  dollars,
  quota: dollars * QUOTA_PER_DOLLAR,
}));

/** Payment methods of the online top-up (spec §4) and the epay `type` each maps to. */
export const PAYMENT_METHODS = { zfb: 'alipay', wx: 'wxpay' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** payment_method of a top-up order paid through Stripe Checkout. */
export const STRIPE_PAYMENT_METHOD = 'stripe';
/** The currency of epay's `Price` (yuan per dollar of quota) and so of an epay order's money. */
export const EPAY_CURRENCY = 'CNY';
export const TopUpStatus = { pending: 'pending', success: 'success' } as const;

/** A stored token's status as the list shows it: an enabled token past its expiry or out of quota
 * is expired (3) or exhausted (4) even before the relay writes that status. */
export function effectiveTokenStatus(
  token: { status: number; expired_time: number; remain_quota: number; unlimited_quota: boolean },
  now: number,
): number {
  if (token.status !== TokenStatus.enabled) return token.status;
  if (token.expired_time !== NEVER_EXPIRES && token.expired_time < now) return TokenStatus.expired;
  if (!token.unlimited_quota && token.remain_quota <= 0) return TokenStatus.exhausted;
  return TokenStatus.enabled;
}

export interface TokenView {
  id: number;
  /** The org whose wallet pays for it (issue 32), 0 for a personal token. */
  org_id: number;
  name: string;
  /** The 48-character key without `sk-`. */
  key: string;
  status: number;
  used_quota: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  /** Requests per minute, tokens per minute and requests at once (0: no limit). */
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
  window_period: TokenWindowPeriod;
  window_quota: number;
  /** Quota spent in the current window (0 when none is open). */
  window_used: number;
  /** Unix seconds the current window ends (0: no window open). */
  window_resets_at: number;
  /** Paid only by a plan subscription, never by the wallet (issue 31). */
  plan_only: boolean;
}

/** Quota windows of a token: none, 5 hours rolling from the first request, or a calendar period. */
export const TOKEN_WINDOW_PERIODS = ['', '5h', 'day', 'week', 'month'] as const;
export type TokenWindowPeriod = (typeof TOKEN_WINDOW_PERIODS)[number];
/** Largest rpm / tpm / concurrency a token may carry. */
export const TOKEN_LIMIT_MAX = 1_000_000_000;

export interface RedemptionView {
  id: number;
  name: string;
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  /** The plan the code activates (or extends) instead of adding quota; 0: a quota code. */
  plan_id: number;
}

/** One page of a list endpoint; `p` counts from 0. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** What `POST /api/user/pay` returns: the form to post to the payment gateway. */
export interface PaymentForm {
  url: string;
  fields: Record<string, string>;
}

/** What `POST /api/user/stripe/pay` returns: the Checkout Session page to send the browser to. */
export interface StripeCheckout {
  url: string;
}

/** One referral rebate of `GET /api/user/aff/history`. */
export interface AffiliateRebateView {
  id: number;
  invitee_id: number;
  invitee_username: string;
  /** The paid top-up order and how it was paid (zfb, wx, stripe). */
  top_up_id: number;
  payment_method: string;
  /** The plan the payment bought (issue 31); '' for a top-up. */
  plan_name: string;
  quota: number;
  created_at: number;
}

export interface PricingItem {
  model_name: string;
  /** 0: billed by tokens with the model ratio; 1: a fixed price per call. */
  quota_type: 0 | 1;
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  enable_groups: string[];
  /** Usable by the caller: their group is served and the model has a price. */
  available: boolean;
  /** False when no option (or built-in default) gives the model a ratio or a per-call price: the
   * relay would bill it at the fallback ratio, so the console marks it "No price set". */
  price_set: boolean;
  owner_by: string;
  /** Tokens the model reads at once, where the built-in table knows the model. */
  context_length?: number;
}

export interface PricingReply {
  success: boolean;
  message: string;
  data: PricingItem[];
  group_ratio: number;
  /** The caller's group, or `default` for guests. */
  group: string;
}

export type ModelPrices = { perCall: number } | { prompt: number; completion: number };

/** Dollar prices of spec §9: per 1M tokens for per-usage models, per call for per-call ones. */
export function modelPrices(item: PricingItem, groupRatio: number): ModelPrices {
  if (item.quota_type === 1) return { perCall: item.model_price * groupRatio };
  const prompt = item.model_ratio * 2 * groupRatio;
  return { prompt, completion: prompt * item.completion_ratio };
}

/** Spec §9 order: per-usage models first, then names starting with `gpt`, then by name. */
export function comparePricing(a: PricingItem, b: PricingItem): number {
  if (a.quota_type !== b.quota_type) return a.quota_type - b.quota_type;
  const aGpt = a.model_name.startsWith('gpt');
  const bGpt = b.model_name.startsWith('gpt');
  if (aGpt !== bGpt) return aGpt ? -1 : 1;
  return a.model_name.localeCompare(b.model_name);
}
