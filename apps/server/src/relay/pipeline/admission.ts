// Admission: from the Authorization header to a caller allowed to use the relay (token, user,
// channel pinning, model limits). Writes a token's expired/exhausted status when it finds one.
import { isAdmin, TokenStatus, type TokenWindowPeriod, UserStatus } from '@switchyard/contracts';
import { isTransientDatabaseError } from '../../db/connection-errors';
import type { Db } from '../../db/database';
import type { TokenLimits } from '../../modules/limits';
import { findTokenWithOwner, markTokenExhausted, setTokenStatus } from '../relay.repository';
import { databaseUnavailable, RelayError } from '../relay-errors';

export interface RelayCaller {
  tokenId: number;
  tokenName: string;
  tokenRemain: number;
  tokenUsed: number;
  unlimited: boolean;
  /** Models the token may use, or null when the token has no model limits. */
  modelLimits: ReadonlySet<string> | null;
  userId: number;
  username: string;
  role: number;
  group: string;
  userQuota: number;
  userUsed: number;
  email: string | null;
  /** Channel an admin pinned with `sk-<key>-<channelId>`, else null. */
  pinnedChannelId: number | null;
  /** The token's rate, concurrency and window limits (0 / '' when none). */
  limits: TokenLimits;
  /** An org token's org (issue 32; 0: personal) and the member's cap period there. */
  orgId: number;
  orgWindowPeriod: string;
  /** Paid only by a plan subscription: never by the wallet (issue 31). */
  planOnly: boolean;
  /** The user has an active subscription, which may fund a request the wallet cannot. */
  hasPlan: boolean;
}

export interface ParsedKey {
  key: string;
  channelId: number | null;
}

/** `Bearer sk-<key>[-<channelId>]`; the `Bearer ` and `sk-` prefixes are optional. */
export function parseAuthorization(header: string | undefined): ParsedKey | null {
  if (!header) return null;
  let value = header.trim();
  if (value.toLowerCase().startsWith('bearer ')) value = value.slice(7).trim();
  if (value.startsWith('sk-')) value = value.slice(3);
  const [key, channel, ...rest] = value.split('-');
  if (!key || rest.length > 0) return null;
  if (channel === undefined) return { key, channelId: null };
  const channelId = Number(channel);
  return Number.isSafeInteger(channelId) && channelId > 0 ? { key, channelId } : null;
}

/** Masks a key for messages: the first and last three characters. */
export const maskKey = (key: string): string => `sk-${key.slice(0, 3)}***${key.slice(-3)}`;

/**
 * Checks the token and its owner. Refusals are 401 for token problems and 403 for the user,
 * like OpenAI. An expired or exhausted token gets its status written on the way out.
 */
export async function admitCaller(
  db: Db,
  authorization: string | undefined,
  now: number,
): Promise<RelayCaller> {
  const parsed = parseAuthorization(authorization);
  const row = parsed ? await findTokenWithOwner(db, parsed.key).catch(unavailable) : undefined;
  if (!parsed || !row) throw new RelayError(401, 'relay.invalidToken', 'invalid_api_key');
  if (row.token_status === TokenStatus.exhausted) {
    throw new RelayError(401, 'relay.tokenExhausted', 'token_exhausted', {
      key: maskKey(parsed.key),
    });
  }
  if (row.token_status === TokenStatus.expired) {
    throw new RelayError(401, 'relay.tokenExpired', 'token_expired');
  }
  if (row.token_status !== TokenStatus.enabled) {
    throw new RelayError(401, 'relay.tokenUnavailable', 'token_unavailable');
  }
  if (row.expired_time !== -1 && row.expired_time < now) {
    await setTokenStatus(db, row.token_id, TokenStatus.expired);
    throw new RelayError(401, 'relay.tokenExpired', 'token_expired');
  }
  const unlimited = row.unlimited_quota === 1;
  if (!unlimited && row.remain_quota <= 0) {
    // Exhausted only on settled truth: while reservations of the token are in flight its
    // balance may come back, so the request is refused without marking the token.
    if (!(await markTokenExhausted(db, row.token_id).catch(unavailable))) {
      throw new RelayError(403, 'relay.tokenQuotaShort', 'pre_consume_token_quota_failed');
    }
    throw new RelayError(401, 'relay.tokenExhausted', 'token_exhausted', {
      key: maskKey(parsed.key),
    });
  }
  if (row.user_status !== UserStatus.enabled) {
    throw new RelayError(403, 'relay.userBanned', 'user_banned');
  }
  if (parsed.channelId !== null && !isAdmin(row.role)) {
    throw new RelayError(403, 'relay.pinNotAllowed', 'channel_pin_forbidden');
  }
  const orgId = Number(row.org_id ?? 0);
  // A removed member's (or a deleted org's) tokens stop at once: the rows are read per request.
  if (orgId > 0 && (row.org_role === null || row.org_quota === null)) {
    throw new RelayError(403, 'relay.orgMemberGone', 'org_membership_revoked');
  }
  return {
    tokenId: row.token_id,
    tokenName: row.token_name,
    tokenRemain: row.remain_quota,
    tokenUsed: row.token_used,
    unlimited,
    modelLimits: row.model_limits_enabled === 1 ? modelSet(row.model_limits) : null,
    userId: row.user_id,
    username: row.username,
    role: row.role,
    group: row.group,
    // An org token is paid from the org's wallet: its balance is what the checks below weigh.
    userQuota: orgId > 0 ? Number(row.org_quota) : row.quota,
    userUsed: row.user_used,
    email: row.email,
    pinnedChannelId: parsed.channelId,
    limits: {
      id: row.token_id,
      rpm_limit: Number(row.rpm_limit),
      tpm_limit: Number(row.tpm_limit),
      concurrency_limit: Number(row.concurrency_limit),
      window_period: row.window_period as TokenWindowPeriod,
      window_quota: Number(row.window_quota),
    },
    orgId,
    orgWindowPeriod: row.org_window_period ?? '',
    planOnly: Number(row.plan_only) === 1,
    hasPlan: Number(row.has_plan) === 1,
  };
}

/** A lost database link is a 503 for the request, not a 500. */
function unavailable(error: unknown): never {
  if (isTransientDatabaseError(error)) {
    throw databaseUnavailable();
  }
  throw error;
}

const modelSet = (list: string): ReadonlySet<string> =>
  new Set(
    list
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean),
  );

/** The token's model limits apply to the requested name (before any channel mapping). */
export function assertModelAllowed(caller: RelayCaller, model: string): void {
  if (caller.modelLimits && !caller.modelLimits.has(model)) {
    throw new RelayError(403, 'relay.modelForbidden', 'model_not_allowed', { model });
  }
}

/** A user with no quota left (and no subscription that may pay) is refused before anything else. */
export function assertHasQuota(caller: RelayCaller): void {
  if (caller.userQuota <= 0 && caller.orgId > 0) {
    throw new RelayError(403, 'relay.orgQuotaShort', 'insufficient_org_quota');
  }
  if (caller.userQuota <= 0 && !caller.hasPlan) {
    throw new RelayError(403, 'relay.userQuotaShort', 'insufficient_user_quota');
  }
}
