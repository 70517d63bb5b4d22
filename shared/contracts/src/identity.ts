// Requests and replies of identity: the TOTP second factor, console sessions and the audit log.
import { z } from 'zod';
import { pageNumber } from './paging';

export { PENDING_SIGN_IN_COOKIE } from './pending-sign-in';

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const recoveryCode = z.string().trim().min(1).max(32);

export const twoFactorEnableRequestSchema = z.object({ code: totpCode });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** A code from the authenticator app, or one of the recovery codes: exactly one of them. */
export const secondFactorRequestSchema = z
  .object({ code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((input) => (input.code === undefined) !== (input.recovery_code === undefined), {
    message: 'code or recovery_code',
    path: ['code'],
  });
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

export const twoFactorSetupReplySchema = z.object({
  secret: z.string(),
  /** otpauth:// URI, shown as a QR code. */
  uri: z.string(),
});
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReplySchema>;

export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const recoveryCodesReplySchema = z.object({ recovery_codes: z.array(z.string()) });

/** `POST /api/user/login` when the account has a second factor: no session yet. */
export const secondFactorRequiredSchema = z.object({ require_2fa: z.literal(true) });
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const sessionEntrySchema = z.object({
  id: z.string(),
  created_at: z.number(),
  last_seen_at: z.number(),
  ip: z.string(),
  user_agent: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });

export const signOutEverywhereRequestSchema = z
  .object({
    /** Also replace the system access token (the old one stops working). */
    rotate_access_token: z.boolean().default(false),
  })
  // A bodiless call signs out everywhere else and keeps the access token.
  .default({ rotate_access_token: false });
export type SignOutEverywhereRequest = z.infer<typeof signOutEverywhereRequestSchema>;

export const signOutEverywhereReplySchema = z.object({
  /** The new access token when it was replaced (shown once), else null. */
  access_token: z.string().nullable(),
});

export interface AuditEntry {
  id: number;
  actor_id: number;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  ip: string;
  created_at: number;
}

export const auditQuerySchema = z.object({
  p: pageNumber(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  actor: z.string().trim().max(64).default(''),
  action: z.string().trim().max(64).default(''),
  target_type: z.string().trim().max(32).default(''),
  target_id: z.string().trim().max(128).default(''),
  start_timestamp: z.coerce.number().int().min(0).default(0),
  end_timestamp: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
}
