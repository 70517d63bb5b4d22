// Requests and replies of user administration, referral transfer, password reset and OAuth.
import { z } from 'zod';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './domain';
import { pageNumber } from './paging';
import { normaliseUsername } from './username';
import { selfUserSchema } from './users';

// Normalised (NFKC) before the length check; the server refuses what usernameProblem names.
const username = z.string().transform(normaliseUsername).pipe(z.string().min(1).max(USERNAME_MAX));
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** Quota values stay inside the range every engine's bigint and JS numbers agree on. */
const quota = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** A user as an admin sees it: the self view plus when it was cancelled (null: active). */
export const adminUserSchema = selfUserSchema.extend({
  deleted_at: z.number().nullable(),
  created_at: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export interface UserPage {
  items: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

export const userListQuerySchema = z.object({
  p: pageNumber(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const userSearchQuerySchema = userListQuerySchema.extend({
  keyword: z.string().trim().max(EMAIL_MAX).default(''),
  group: z.string().trim().max(64).default(''),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

export const createUserRequestSchema = z.object({
  username,
  password,
  display_name: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  id: z.number().int().positive(),
  username: username.optional(),
  display_name: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
  password: z.union([password, z.literal('')]).optional(),
  group: z.string().trim().min(1).max(64).optional(),
  /** The new balance; the server applies the difference atomically and logs it. */
  quota: quota.min(0).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const MANAGE_ACTIONS = [
  'promote',
  'demote',
  'disable',
  'enable',
  'delete',
  'reset_2fa',
] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

export const manageUserRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  action: z.enum(MANAGE_ACTIONS),
});
export type ManageUserRequest = z.infer<typeof manageUserRequestSchema>;

export interface ManageUserReply {
  role: number;
  status: number;
}

export const affTransferRequestSchema = z.object({ quota: z.number().int().positive() });
export type AffTransferRequest = z.infer<typeof affTransferRequestSchema>;

export const emailQuerySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX).pipe(z.email()),
  turnstile: z.string().max(4096).optional(),
});

export const emailBindQuerySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX).pipe(z.email()),
  code: z.string().trim().min(1).max(32),
});

export const resetPasswordRequestSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  token: z.string().trim().min(1).max(128),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const oauthCodeQuerySchema = z.object({
  code: z.string().trim().min(1).max(512),
  state: z.string().trim().max(128).optional(),
});

/** The fields Telegram's login widget hands back (all strings in the query). */
export const telegramLoginQuerySchema = z
  .object({
    id: z.string().regex(/^\d{1,20}$/),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(256).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.string().regex(/^\d{1,12}$/),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    lang: z.string().max(16).optional(),
  })
  .strict();
export type TelegramLogin = z.infer<typeof telegramLoginQuerySchema>;

/** The `?turnstile=` token of a sign-in or registration (checked when Turnstile is on). */
export const turnstileQuerySchema = z.object({ turnstile: z.string().max(4096).optional() });
