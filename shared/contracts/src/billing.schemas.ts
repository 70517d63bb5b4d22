// Request schemas of the token, redemption and top-up endpoints.
import { z } from 'zod';
import {
  NEVER_EXPIRES,
  PAYMENT_METHODS,
  type PaymentMethod,
  REDEMPTION_COUNT_MAX,
  REDEMPTION_NAME_MAX,
  TOKEN_LIMIT_MAX,
  TOKEN_MODEL_LIMITS_MAX,
  TOKEN_NAME_MAX,
  TOKEN_WINDOW_PERIODS,
} from './billing';
import { RedemptionStatus, TokenStatus } from './domain';
import { pageNumber } from './paging';

const id = z.coerce.number().int().positive();
const quota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const limit = z.number().int().min(0).max(TOKEN_LIMIT_MAX);

/** Query of a paged list: `p` from 0, `size` (or `page_size`) one of the page sizes (default 10). */
export const pageQuerySchema = z.object({
  p: pageNumber(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id });

export const tokenFieldsSchema = z.object({
  name: z.string().trim().max(TOKEN_NAME_MAX),
  remain_quota: quota,
  expired_time: z.union([z.literal(NEVER_EXPIRES), z.number().int().positive()]),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string().max(TOKEN_MODEL_LIMITS_MAX),
  // Older clients send none of the limit fields: they default to "no limit".
  rpm_limit: limit.default(0),
  tpm_limit: limit.default(0),
  concurrency_limit: limit.default(0),
  window_period: z.enum(TOKEN_WINDOW_PERIODS).default(''),
  window_quota: quota.default(0),
  plan_only: z.boolean().default(false),
});
export const createTokenRequestSchema = tokenFieldsSchema.extend({
  name: z.string().trim().min(1).max(TOKEN_NAME_MAX),
  /** The org whose wallet pays for the token (issue 32; members only), 0 or absent: personal. */
  org_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;
export const updateTokenRequestSchema = createTokenRequestSchema
  .omit({ org_id: true })
  .extend({ id });
export type UpdateTokenRequest = z.infer<typeof updateTokenRequestSchema>;
export const tokenStatusRequestSchema = z.object({
  id,
  status: z.union([z.literal(TokenStatus.enabled), z.literal(TokenStatus.disabled)]),
});
export type TokenStatusRequest = z.infer<typeof tokenStatusRequestSchema>;
export const tokenSearchQuerySchema = z.object({
  keyword: z.string().trim().max(TOKEN_NAME_MAX).default(''),
  token: z.string().trim().max(64).default(''),
});

export const createRedemptionRequestSchema = z.object({
  name: z.string().trim().min(1).max(REDEMPTION_NAME_MAX),
  quota: quota,
  count: z.number().int().min(1).max(REDEMPTION_COUNT_MAX),
  /** A plan the codes activate instead of adding quota (issue 31). */
  plan_id: z.number().int().min(0).optional(),
});
export type CreateRedemptionRequest = z.infer<typeof createRedemptionRequestSchema>;
export const updateRedemptionRequestSchema = z.object({
  id,
  name: z.string().trim().min(1).max(REDEMPTION_NAME_MAX),
  quota: quota,
});
export type UpdateRedemptionRequest = z.infer<typeof updateRedemptionRequestSchema>;
export const redemptionStatusRequestSchema = z.object({
  id,
  status: z.union([z.literal(RedemptionStatus.unused), z.literal(RedemptionStatus.disabled)]),
});
export type RedemptionStatusRequest = z.infer<typeof redemptionStatusRequestSchema>;
export const redemptionSearchQuerySchema = z.object({
  keyword: z.string().trim().max(64).default(''),
});

/** A status-only update (`?status_only=true`). */
export const statusOnlyQuerySchema = z.object({
  status_only: z.enum(['true', 'false']).optional(),
});

export const redeemRequestSchema = z.object({ key: z.string().trim().max(64) });
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

export const topUpAmountRequestSchema = z.object({
  amount: z.number().int().min(1).max(1_000_000_000),
  top_up_code: z.string().max(64).optional(),
});
export type TopUpAmountRequest = z.infer<typeof topUpAmountRequestSchema>;
export const epayMethodSchema = z.enum(
  Object.keys(PAYMENT_METHODS) as [PaymentMethod, ...PaymentMethod[]],
);
/** An org (issue 32) whose wallet the payment tops up instead of the payer's; owners and admins. */
const orgIdSchema = z.number().int().positive().optional();
export const payRequestSchema = topUpAmountRequestSchema.extend({
  payment_method: epayMethodSchema,
  org_id: orgIdSchema,
});
export type PayRequest = z.infer<typeof payRequestSchema>;
/**
 * `POST /api/user/stripe/pay`: dollars of quota to buy (quota units when currency display is off)
 * for the payer's wallet or an org's, or a plan to buy (issue 31) — one of `amount` and `plan_id`.
 */
export const stripePayRequestSchema = z
  .object({
    amount: topUpAmountRequestSchema.shape.amount.optional(),
    plan_id: z.number().int().positive().optional(),
    org_id: orgIdSchema,
  })
  .refine((body) => (body.amount === undefined) !== (body.plan_id === undefined), {
    message: 'amount or plan_id, exactly one of them',
    path: ['amount'],
  })
  .refine((body) => body.plan_id === undefined || body.org_id === undefined, {
    message: 'a plan is bought for oneself, not for an org',
    path: ['org_id'],
  });
export type StripePayRequest = z.infer<typeof stripePayRequestSchema>;
