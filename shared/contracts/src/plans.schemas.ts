// Request schemas of the plan and subscription endpoints (issue 31).
import { z } from 'zod';
import { epayMethodSchema } from './billing.schemas';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_DURATION_MAX_DAYS,
  PLAN_NAME_MAX,
  PLAN_PERIODS,
  PlanStatus,
} from './plans';

const quota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const commaList = z.string().trim().max(4000).default('');

export const planLimitSchema = z.object({
  period: z.enum(PLAN_PERIODS),
  quota: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const planFieldsSchema = z.object({
  name: z.string().trim().min(1).max(PLAN_NAME_MAX),
  description: z.string().trim().max(PLAN_DESCRIPTION_MAX).default(''),
  status: z.union([z.literal(PlanStatus.onSale), z.literal(PlanStatus.offSale)]).default(1),
  price: quota,
  duration_days: z.number().int().min(1).max(PLAN_DURATION_MAX_DAYS),
  models: commaList,
  groups: commaList,
  limits: z
    .array(planLimitSchema)
    .max(PLAN_PERIODS.length)
    .refine((limits) => new Set(limits.map((l) => l.period)).size === limits.length, {
      message: 'each period at most once',
    })
    .default([]),
  upgrade_group: z.string().trim().max(64).default(''),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type PlanFields = z.infer<typeof planFieldsSchema>;

export const updatePlanSchema = planFieldsSchema.extend({ id: z.number().int().positive() });
export type UpdatePlanRequest = z.infer<typeof updatePlanSchema>;

export const planListQuerySchema = z.object({
  available: z.enum(['true', 'false']).optional(),
});

export const SUBSCRIPTION_PAYMENT_METHODS = ['wallet', 'epay', 'stripe'] as const;

export const subscribeSchema = z.object({
  plan_id: z.number().int().positive(),
  payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS).default('wallet'),
  /** With `epay`: the gateway's channel, as on `POST /api/user/pay`. */
  epay_method: epayMethodSchema.default('zfb'),
});
export type SubscribeRequest = z.infer<typeof subscribeSchema>;

export const autoRenewSchema = z.object({ auto_renew: z.boolean() });

export const subscriptionUserQuerySchema = z.object({
  user_id: z.coerce.number().int().positive(),
});
