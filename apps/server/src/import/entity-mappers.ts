// Source rows of users, tokens, channels and codes as Switchyard rows. One mapper per table; a
// mapper reads only the columns the release has (absent ones take the reference's defaults).
import {
  ChannelStatus,
  channelTypeById,
  DISPLAY_NAME_MAX,
  REDEMPTION_NAME_MAX,
  TOKEN_NAME_MAX,
  TokenStatus,
  USERNAME_MAX,
} from '@switchyard/contracts';
import type { Insertable } from 'kysely';
import type { ChannelsTable, NewUser, RedemptionsTable, TokensTable } from '../db/schema';
import type { ImportMessageKey } from '../i18n/import-messages';
import { sha256Hex } from '../lib/crypto';
import type { ImportReport } from './report';
import type { SourceRow } from './source';
import { deletedAt, flag, int, num, text, textOrNull } from './values';

/** A mapped row, or why the row stays behind. */
export type Mapped<T> = { row: T } | { skip: ImportMessageKey };

/** Source columns with no place in Switchyard, per table (counted in the report when set). */
export const DROPPED_COLUMNS: Record<string, readonly string[]> = {
  users: ['discord_id', 'lark_id', 'linux_do_id', 'remark', 'stripe_customer'],
  tokens: ['allow_ips', 'subnet', 'group', 'cross_group_retry', 'billing_type'],
  channels: [
    'tag',
    'setting',
    'settings',
    'param_override',
    'header_override',
    'remark',
    'config',
    'system_prompt',
  ],
  redemptions: ['expired_time'],
  logs: ['group', 'ip', 'request_id', 'system_prompt_reset'],
  midjourneys: ['video_url', 'video_urls'],
  tasks: ['group', 'private_data'],
};

const EMPTY_VALUES = new Set(['', '0', 'false', '{}', '[]', 'null']);

/** Counts the dropped columns of a row that hold a value worth mentioning. */
export function noteDropped(report: ImportReport, table: string, row: SourceRow): void {
  for (const column of DROPPED_COLUMNS[table] ?? []) {
    const value = row[column];
    if (value === null || value === undefined || value === false) continue;
    if (EMPTY_VALUES.has(String(value).trim())) continue;
    report.dropped(table, column);
  }
}

/**
 * A name cut to Switchyard's limit, so the console can save the record unchanged (names are
 * labels; the cut is reported).
 */
function clip(
  report: ImportReport,
  table: string,
  row: SourceRow,
  column: string,
  max: number,
): string {
  const value = text(row, column).trim();
  if (value.length <= max) return value;
  report.adjust(table, int(row, 'id'), 'adjust.nameClipped', { column, max });
  return value.slice(0, max);
}

export function mapUser(row: SourceRow, now: number, report: ImportReport): Mapped<NewUser> {
  const username = text(row, 'username').trim();
  if (!username) return { skip: 'skip.noUsername' };
  if (username.length > 64) return { skip: 'skip.usernameTooLong' };
  // Kept whole (it is how the user signs in), but the console's editor wants a shorter one.
  if (username.length > USERNAME_MAX) {
    report.adjust('users', int(row, 'id'), 'adjust.usernameLong', { max: USERNAME_MAX });
  }
  const password = text(row, 'password');
  const accessToken = textOrNull(row, 'access_token');
  return {
    row: {
      username,
      // bcrypt hashes ($2a$ from Go) verify as they are: the same passwords keep working.
      password,
      display_name: clip(report, 'users', row, 'display_name', DISPLAY_NAME_MAX),
      role: int(row, 'role', 1),
      status: int(row, 'status', 1),
      email: textOrNull(row, 'email'),
      github_id: textOrNull(row, 'github_id'),
      wechat_id: textOrNull(row, 'wechat_id'),
      telegram_id: textOrNull(row, 'telegram_id'),
      oidc_id: textOrNull(row, 'oidc_id'),
      // The reference stores the access token itself; Switchyard stores its SHA-256.
      access_token: accessToken ? sha256Hex(accessToken) : null,
      quota: int(row, 'quota'),
      used_quota: int(row, 'used_quota'),
      request_count: int(row, 'request_count'),
      group: text(row, 'group', 'default').trim() || 'default',
      aff_code: textOrNull(row, 'aff_code'),
      aff_count: int(row, 'aff_count'),
      aff_quota: int(row, 'aff_quota'),
      aff_history_quota: int(row, 'aff_history', int(row, 'aff_history_quota')),
      inviter_id: 0,
      created_at: int(row, 'created_at') || now,
      deleted_at: deletedAt(row),
    },
  };
}

export type NewToken = Insertable<TokensTable>;

export function mapToken(
  row: SourceRow,
  userId: number | undefined,
  report: ImportReport,
): Mapped<NewToken> {
  if (userId === undefined) return { skip: 'skip.ownerMissing' };
  const key = text(row, 'key').trim();
  if (!key) return { skip: 'skip.noKey' };
  if (key.length > 64) return { skip: 'skip.keyTooLong' };
  // one-api keeps the allowed models in `models` (NULL or '' for all); new-api has the pair.
  const oneApiModels = text(row, 'models').trim();
  const limits = 'model_limits' in row ? text(row, 'model_limits').trim() : oneApiModels;
  if (limits.length > 1024) return { skip: 'skip.limitsTooLong' };
  const unlimited = flag(row, 'unlimited_quota');
  let remain = int(row, 'remain_quota');
  // The reference charges after the reply and can overshoot a limited token below zero;
  // Switchyard never does, and its editor refuses a negative budget: such a token is at 0.
  if (!unlimited && remain < 0) {
    report.adjust('tokens', int(row, 'id'), 'adjust.negativeRemain', { remain });
    remain = 0;
  }
  const limitsEnabled =
    'model_limits_enabled' in row ? flag(row, 'model_limits_enabled') : limits ? 1 : 0;
  return {
    row: {
      user_id: userId,
      key,
      status: int(row, 'status', TokenStatus.enabled),
      name: clip(report, 'tokens', row, 'name', TOKEN_NAME_MAX),
      created_time: int(row, 'created_time'),
      accessed_time: int(row, 'accessed_time'),
      expired_time: int(row, 'expired_time', -1) || -1,
      remain_quota: remain,
      unlimited_quota: unlimited,
      model_limits_enabled: limitsEnabled,
      model_limits: limits,
      used_quota: int(row, 'used_quota'),
      deleted_at: deletedAt(row),
    },
  };
}

export type NewChannel = Insertable<ChannelsTable>;

export function mapChannel(row: SourceRow, report: ImportReport): Mapped<NewChannel> {
  const id = int(row, 'id');
  const type = int(row, 'type', 1);
  let status = int(row, 'status', ChannelStatus.enabled);
  if (!channelTypeById(type)) {
    // Kept (its key and settings are the operator's) but off: no adapter could relay it.
    report.adjust('channels', id, 'adjust.unknownChannelType', { type });
    status = ChannelStatus.manuallyDisabled;
  }
  const baseUrl = textOrNull(row, 'base_url');
  if (baseUrl && baseUrl.length > 512) return { skip: 'skip.baseUrlTooLong' };
  const group = text(row, 'group', 'default').trim() || 'default';
  if (group.length > 255) return { skip: 'skip.groupsTooLong' };
  return {
    row: {
      type,
      key: text(row, 'key'),
      openai_organization: textOrNull(row, 'openai_organization'),
      test_model: textOrNull(row, 'test_model'),
      status,
      name: text(row, 'name').slice(0, 255),
      weight: int(row, 'weight'),
      created_time: int(row, 'created_time'),
      test_time: int(row, 'test_time'),
      response_time: int(row, 'response_time'),
      base_url: baseUrl,
      other: textOrNull(row, 'other'),
      balance: num(row, 'balance'),
      balance_updated_time: int(row, 'balance_updated_time'),
      models: text(row, 'models'),
      group,
      used_quota: int(row, 'used_quota'),
      model_mapping: textOrNull(row, 'model_mapping'),
      status_code_mapping: textOrNull(row, 'status_code_mapping'),
      priority: int(row, 'priority'),
      auto_ban: 'auto_ban' in row ? flag(row, 'auto_ban', true) : 1,
      // `{status_reason, status_time}` of an automatic disable, in the same JSON shape.
      other_info: textOrNull(row, 'other_info'),
      max_input_tokens: int(row, 'max_input_tokens'),
    },
  };
}

export type NewRedemption = Insertable<RedemptionsTable>;

export function mapRedemption(
  row: SourceRow,
  creatorId: number | undefined,
  redeemerId: number | undefined,
  report: ImportReport,
): Mapped<NewRedemption> {
  const key = text(row, 'key').trim();
  if (!key) return { skip: 'skip.noKey' };
  if (key.length > 64) return { skip: 'skip.keyTooLong' };
  const usedBy = int(row, 'used_user_id');
  if (usedBy !== 0 && redeemerId === undefined) {
    report.adjust('redemptions', int(row, 'id'), 'adjust.redeemerMissing');
  }
  return {
    row: {
      user_id: creatorId ?? 0,
      key,
      status: int(row, 'status', 1),
      name: clip(report, 'redemptions', row, 'name', REDEMPTION_NAME_MAX),
      quota: int(row, 'quota', 100),
      created_time: int(row, 'created_time'),
      redeemed_time: int(row, 'redeemed_time'),
      used_user_id: redeemerId ?? 0,
      deleted_at: deletedAt(row),
    },
  };
}
