// Request schemas of the org endpoints (issue 32).
import { z } from 'zod';
import { USERNAME_MAX } from './domain';
import { LOG_PAGE_SIZE_MAX } from './observability';
import { selfLogStatQuerySchema } from './observability.schemas';
import { ORG_CAP_PERIODS, ORG_NAME_MAX, ORG_ROLES } from './orgs';
import { pageNumber } from './paging';

const id = z.coerce.number().int().positive();
const quota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const orgIdParamSchema = z.object({ id });
export const orgMemberParamSchema = z.object({ id, user_id: id });
export const orgInvitationParamSchema = z.object({ id, invitation_id: id });

export const orgNameSchema = z.object({ name: z.string().trim().min(1).max(ORG_NAME_MAX) });
export type OrgNameRequest = z.infer<typeof orgNameSchema>;

/** Invite by username or by email (one of them), with the role the invitee will have. */
export const orgInviteSchema = z
  .object({
    username: z.string().trim().max(USERNAME_MAX).optional(),
    email: z.string().trim().max(254).optional(),
    role: z.enum(ORG_ROLES).default('member'),
  })
  .refine((value) => Boolean(value.username) !== Boolean(value.email), {
    message: 'username or email, one of them',
    path: ['username'],
  });
export type OrgInviteRequest = z.infer<typeof orgInviteSchema>;

export const orgAcceptSchema = z.object({ code: z.string().trim().min(1).max(64) });

export const orgMemberUpdateSchema = z.object({
  role: z.enum(ORG_ROLES).optional(),
  quota_limit: quota.optional(),
  window_period: z.enum(ORG_CAP_PERIODS).optional(),
});
export type OrgMemberUpdateRequest = z.infer<typeof orgMemberUpdateSchema>;

export const orgFundSchema = z.object({ quota: quota.min(1) });
export const orgRedeemSchema = z.object({ key: z.string().trim().min(1).max(64) });

/** The org log's filters: those of /api/log/self plus a member. */
export const orgLogStatQuerySchema = selfLogStatQuerySchema.extend({
  user_id: z.coerce.number().int().positive().optional(),
});
export const orgLogListQuerySchema = orgLogStatQuerySchema.extend({
  p: pageNumber(1),
  page_size: z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).default(10),
});
export type OrgLogStatQuery = z.infer<typeof orgLogStatQuerySchema>;
export type OrgLogListQuery = z.infer<typeof orgLogListQuerySchema>;
