// Requests and replies of the sign-in, registration and self endpoints.
import { z } from 'zod';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './domain';
import { normaliseUsername } from './username';

// Normalised (NFKC) before the length check; the server refuses what usernameProblem names.
const username = z.string().transform(normaliseUsername).pipe(z.string().min(1).max(USERNAME_MAX));
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username,
  password,
  password2: z.string().optional(),
  email: z.string().trim().max(EMAIL_MAX).optional(),
  verification_code: z.string().trim().max(32).optional(),
  aff_code: z.string().trim().max(32).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const updateSelfRequestSchema = z.object({
  username: username.optional(),
  display_name: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
  password: z.union([password, z.literal('')]).optional(),
  original_password: z.string().max(PASSWORD_MAX).optional(),
});
export type UpdateSelfRequest = z.infer<typeof updateSelfRequestSchema>;

/** What the console stores about the signed-in user (login reply). */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  role: z.number(),
  status: z.number(),
  group: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/user/self: the user without secrets. */
export const selfUserSchema = sessionUserSchema.extend({
  email: z.string(),
  github_id: z.string(),
  wechat_id: z.string(),
  telegram_id: z.string(),
  oidc_id: z.string(),
  quota: z.number(),
  used_quota: z.number(),
  request_count: z.number(),
  aff_code: z.string(),
  aff_count: z.number(),
  aff_quota: z.number(),
  aff_history_quota: z.number(),
  inviter_id: z.number(),
  /** False for an account that never had a password (made by an OAuth sign-up): changing it then
   * needs no current password. */
  has_password: z.boolean().optional(),
});
export type SelfUser = z.infer<typeof selfUserSchema>;
