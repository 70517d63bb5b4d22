// Maps user rows to the reply shapes of contracts; secrets (password, access token) never leave.
import type { SelfUser, SessionUser } from '@switchyard/contracts';
import type { UserRow } from '../../db/schema';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
  };
}

export function toSelfUser(user: UserRow): SelfUser {
  return {
    ...toSessionUser(user),
    email: user.email ?? '',
    github_id: user.github_id ?? '',
    wechat_id: user.wechat_id ?? '',
    telegram_id: user.telegram_id ?? '',
    oidc_id: user.oidc_id ?? '',
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    aff_code: user.aff_code ?? '',
    aff_count: user.aff_count,
    aff_quota: user.aff_quota,
    aff_history_quota: user.aff_history_quota,
    inviter_id: user.inviter_id,
    has_password: user.password !== '',
  };
}
