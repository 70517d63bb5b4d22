// The relay's SQL, built once as templates: the token and owner look-up and channel candidates
// (run by relay.repository through Kysely, or directly on SQLite). The quota moves are the
// ledger's (../ledger/ledger.queries.ts).
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Arg } from './query-templates';

export interface TokenOwnerRow {
  token_id: number;
  token_name: string;
  token_status: number;
  expired_time: number;
  remain_quota: number;
  token_used: number;
  unlimited_quota: number;
  model_limits_enabled: number;
  model_limits: string;
  user_id: number;
  username: string;
  user_status: number;
  role: number;
  quota: number;
  user_used: number;
  group: string;
  email: string | null;
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
  window_period: string;
  window_quota: number;
  /** The token's org (0: personal), its balance and the member's cap period (null: not a member). */
  org_id: number;
  org_quota: number | null;
  org_role: string | null;
  org_window_period: string | null;
  /** The token is paid only by a plan subscription (issue 31). */
  plan_only: number;
  /** The user has an active subscription (1/0, or a boolean on PostgreSQL). */
  has_plan: number | boolean;
}

export const tokenWithOwnerQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    // An org token (issue 32) is paid from the org's wallet; a personal one (org_id 0) joins none.
    .leftJoin('orgs as o', (join) =>
      join.onRef('o.id', '=', 't.org_id').on('o.deleted_at', 'is', null),
    )
    .leftJoin('org_members as m', (join) =>
      join.onRef('m.org_id', '=', 't.org_id').onRef('m.user_id', '=', 't.user_id'),
    )
    .select([
      't.id as token_id',
      't.name as token_name',
      't.status as token_status',
      't.expired_time',
      't.remain_quota',
      't.used_quota as token_used',
      't.unlimited_quota',
      't.model_limits_enabled',
      't.model_limits',
      // The limits (issue 17) come with the token, so a token without any costs no query.
      't.rpm_limit',
      't.tpm_limit',
      't.concurrency_limit',
      't.window_period',
      't.window_quota',
      'u.id as user_id',
      'u.username',
      'u.status as user_status',
      'u.role',
      'u.quota',
      'u.used_quota as user_used',
      'u.group',
      'u.email',
      't.org_id',
      'o.quota as org_quota',
      'm.role as org_role',
      'm.window_period as org_window_period',
      't.plan_only',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('subscriptions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'u.id')
              .where('s.status', '=', sql.lit(1)),
          )
          .as('has_plan'),
    ])
    .where('t.key', '=', arg<string>(0))
    .where('t.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null);

export interface ChannelRow {
  id: number;
  type: number;
  key: string;
  name: string;
  status: number;
  base_url: string | null;
  other: string | null;
  openai_organization: string | null;
  model_mapping: string | null;
  status_code_mapping: string | null;
  auto_ban: number;
  test_model: string | null;
  models: string;
  group: string;
  other_info: string | null;
  /** Seconds to the reply's head, 0 for the option (absent on rows built outside a query). */
  first_byte_timeout?: number;
}

export const CHANNEL_COLUMNS = [
  'c.id',
  'c.type',
  'c.key',
  'c.name',
  'c.status',
  'c.base_url',
  'c.other',
  'c.openai_organization',
  'c.model_mapping',
  'c.status_code_mapping',
  'c.auto_ban',
  'c.test_model',
  'c.models',
  'c.group',
  'c.other_info',
  'c.first_byte_timeout',
] as const;

export interface CandidateRow extends ChannelRow {
  priority: number;
  weight: number;
}

export const candidatesQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('abilities as a')
    .innerJoin('channels as c', 'c.id', 'a.channel_id')
    .select([...CHANNEL_COLUMNS, 'a.priority', 'a.weight'])
    .where('a.group', '=', arg<string>(0))
    .where('a.model', '=', arg<string>(1))
    .where('a.enabled', '=', sql.lit(1))
    .where('c.status', '=', sql.lit(1));
