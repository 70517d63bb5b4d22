// Kysely table interfaces: the TypeScript view of the tables the migrations create.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Flags are stored as integers 0/1; timestamps are unix seconds unless a column says ms. */
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  display_name: string;
  role: number;
  status: number;
  email: string | null;
  github_id: string | null;
  wechat_id: string | null;
  telegram_id: string | null;
  /** The `sub` of the user's OpenID Connect account (issue 33). */
  oidc_id: string | null;
  /** SHA-256 of the system access token; the token itself is shown once and never stored. */
  access_token: string | null;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  group: Generated<string>;
  aff_code: string | null;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  aff_history_quota: Generated<number>;
  inviter_id: Generated<number>;
  created_at: number;
  deleted_at: number | null;
  /** TR39 skeleton of the lower-cased username (username-skeleton.ts); set by the repository. */
  username_skeleton: Generated<string | null>;
}

export interface SessionsTable {
  /** HMAC-SHA256 of the cookie token. */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface TwoFactorTable {
  user_id: number;
  /** Base32 TOTP secret. */
  secret: string;
  enabled: Generated<Flag>;
  /** The newest TOTP time step accepted: a code of this step or older is refused. */
  last_step: Generated<number>;
  created_at: number;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code; a used code's row is deleted. */
  code_hash: string;
}

export interface PendingSignInsTable {
  /** HMAC-SHA256 of the pending sign-in cookie's token. */
  id: string;
  user_id: number;
  attempts: Generated<number>;
  expires_at: number;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url credential id, unique across users. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  /** The newest signature counter seen; an assertion must exceed it (unless both are 0). */
  counter: Generated<number>;
  /** Comma-separated WebAuthn transports the browser reported. */
  transports: Generated<string>;
  name: Generated<string>;
  backed_up: Generated<Flag>;
  created_at: number;
  last_used_at: Generated<number>;
}

export interface PasskeyChallengesTable {
  /** base64url challenge; its row is deleted by the verify that uses it. */
  challenge: string;
  purpose: 'register' | 'login';
  /** The registering user; 0 for a sign-in. */
  user_id: Generated<number>;
  expires_at: number;
}

export interface AuditLogsTable {
  id: Generated<number>;
  actor_id: number;
  actor_name: string;
  /** The actor's role when acting: an admin reads admin entries, the super admin all. */
  actor_role: number;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  summary: string;
  ip: Generated<string>;
  created_at: number;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: Generated<number>;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: Generated<number>;
  remain_quota: Generated<number>;
  unlimited_quota: Generated<Flag>;
  model_limits_enabled: Generated<Flag>;
  model_limits: Generated<string>;
  used_quota: Generated<number>;
  deleted_at: number | null;
  rpm_limit: Generated<number>;
  tpm_limit: Generated<number>;
  concurrency_limit: Generated<number>;
  window_period: Generated<string>;
  window_quota: Generated<number>;
  /** Unix seconds the current quota window began (0: none open). */
  window_started_at: Generated<number>;
  window_used: Generated<number>;
  window_reserved: Generated<number>;
  /** The organization whose wallet pays for the token (issue 32), 0 for a personal token. */
  org_id: Generated<number>;
  /** Paid only by a plan subscription: refused instead of falling back to the wallet. */
  plan_only: Generated<number>;
}

export interface ChannelsTable {
  id: Generated<number>;
  type: Generated<number>;
  key: string;
  openai_organization: string | null;
  test_model: string | null;
  status: Generated<number>;
  name: string;
  weight: Generated<number>;
  created_time: number;
  test_time: Generated<number>;
  response_time: Generated<number>;
  base_url: string | null;
  other: string | null;
  balance: Generated<number>;
  balance_updated_time: Generated<number>;
  /** 'USD' or 'CNY': what the provider reports its balance in. */
  balance_currency: Generated<string>;
  models: string;
  group: Generated<string>;
  used_quota: Generated<number>;
  model_mapping: string | null;
  status_code_mapping: string | null;
  priority: Generated<number>;
  auto_ban: Generated<Flag>;
  other_info: string | null;
  max_input_tokens: Generated<number>;
  /** Seconds the upstream may take to its reply's head; 0 follows RelayFirstByteTimeout. */
  first_byte_timeout: Generated<number>;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: Generated<Flag>;
  priority: Generated<number>;
  weight: Generated<number>;
}

export interface RedemptionsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: Generated<number>;
  name: string;
  quota: Generated<number>;
  created_time: number;
  redeemed_time: Generated<number>;
  used_user_id: Generated<number>;
  deleted_at: number | null;
  /** The plan the code activates instead of adding quota (0: a quota code). */
  plan_id: Generated<number>;
}

export interface LogsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: Generated<string>;
  token_name: Generated<string>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  use_time: Generated<number>;
  is_stream: Generated<Flag>;
  channel_id: Generated<number>;
  token_id: Generated<number>;
  other: string | null;
  /** Which source paid: `wallet`, `plan:<subscription id>`, `org:<org id>` (ledger/funding.ts). */
  funding: Generated<string>;
}

/** A quota reservation in flight (see the reservation-journal migration). */
export interface RelayReservationsTable {
  id: string;
  user_id: number;
  token_id: number;
  amount: number;
  node_id: string;
  lease_until: number;
  created_at: number;
  model_name: Generated<string>;
  is_stream: Generated<number>;
  delivered: Generated<number>;
  /** The token's quota window the amount is also held in (its start), 0 when none. */
  window_started_at: Generated<number>;
  /** Where the amount was taken from and goes back to (ledger/funding.ts): 'wallet'. */
  funding: Generated<string>;
}

export interface OptionsTable {
  key: string;
  value: string;
}

/** Drawing tasks; submit/start/finish times are milliseconds. */
export interface MidjourneysTable {
  id: Generated<number>;
  code: Generated<number>;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string | null;
  prompt_en: string | null;
  description: string | null;
  state: string | null;
  created_at: number;
  submit_time: Generated<number>;
  start_time: Generated<number>;
  finish_time: Generated<number>;
  image_url: string | null;
  status: Generated<string>;
  progress: Generated<string>;
  fail_reason: string | null;
  channel_id: Generated<number>;
  quota: Generated<number>;
  buttons: string | null;
  properties: string | null;
  /** The API token charged for the task (0 before this column existed). */
  token_id: Generated<number>;
}

export interface TasksTable {
  id: Generated<number>;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id: Generated<number>;
  quota: Generated<number>;
  action: string;
  status: Generated<string>;
  fail_reason: string | null;
  submit_time: Generated<number>;
  start_time: Generated<number>;
  finish_time: Generated<number>;
  progress: Generated<string>;
  properties: string | null;
  data: string | null;
  /** The API token charged for the task (0 before this column existed). */
  token_id: Generated<number>;
}

export interface TopUpsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  money: number;
  trade_no: string;
  payment_method: string;
  status: string;
  create_time: number;
  complete_time: Generated<number>;
  /** The plan the payment buys (0: wallet quota). */
  plan_id: Generated<number>;
  /** That plan's price in quota when ordered: what the inviter's rebate is a share of. */
  plan_price: Generated<number>;
  /** The org whose wallet the payment tops up (0: the payer's own). */
  org_id: Generated<number>;
  /** ISO code of `money` when ordered (empty on orders older than the column). */
  currency: Generated<string>;
}

/** A referral rebate: the inviter's share of one confirmed online payment of an invitee. */
export interface PlansTable {
  id: Generated<number>;
  name: string;
  description: string;
  status: number;
  price: number;
  duration_days: number;
  models: string;
  groups: string;
  /** JSON array of {period, quota}. */
  limits: string;
  upgrade_group: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A subscription with its windows (quota, start, used, reserved for each period). */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  plan_name: string;
  models: string;
  upgrade_group: string;
  /** The user's group before upgrade_group was given (restored when the subscription ends). */
  previous_group: Generated<string>;
  status: number;
  starts_at: number;
  expires_at: number;
  auto_renew: number;
  source: string;
  price: number;
  duration_days: number;
  created_at: number;
  ended_at: Generated<number>;
  w5h_quota: Generated<number>;
  w5h_start: Generated<number>;
  w5h_used: Generated<number>;
  w5h_reserved: Generated<number>;
  wday_quota: Generated<number>;
  wday_start: Generated<number>;
  wday_used: Generated<number>;
  wday_reserved: Generated<number>;
  wweek_quota: Generated<number>;
  wweek_start: Generated<number>;
  wweek_used: Generated<number>;
  wweek_reserved: Generated<number>;
  wmonth_quota: Generated<number>;
  wmonth_start: Generated<number>;
  wmonth_used: Generated<number>;
  wmonth_reserved: Generated<number>;
}

export interface AffiliateRebatesTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  /** The paid top-up order (unique: one rebate per payment). */
  top_up_id: number;
  payment_method: string;
  quota: number;
  created_at: number;
}

export interface QuotaDataTable {
  id: Generated<number>;
  user_id: number;
  username: string;
  model_name: string;
  /** Start of the hour bucket, unix seconds. */
  created_at: number;
  token_used: Generated<number>;
  count: Generated<number>;
  quota: Generated<number>;
}

/** How far each aggregator has read the logs table (multi-node safe compare-and-swap). */
export interface AggregationWatermarksTable {
  name: string;
  last_log_id: number;
  /** Every log created before this (unix seconds) is folded in; 0: never run. */
  folded_at: Generated<number>;
}

/** A Responses API response: made by the gateway (response set) or held by channel_id. */
export interface RelayResponsesTable {
  id: string;
  token_id: number;
  user_id: number;
  channel_id: number | null;
  model: string;
  created_at: number;
  /** The Response object as JSON (gateway-made responses). */
  response: string | null;
  /** The canonical messages up to and including this response, as JSON. */
  conversation: string | null;
}

/** Single-use verification secrets (email codes, reset tokens); `id` hashes purpose+target+secret. */
export interface VerificationsTable {
  id: string;
  purpose: string;
  target: string;
  created_at: number;
  expires_at: number;
}

/** Source row → target row of the new-api importer, per source (a hash of its address). */
export interface ImportMapTable {
  source: string;
  kind: string;
  source_id: number;
  target_id: number;
}

/** Last source id copied of a streamed table (logs, top-ups, tasks), per source. */
export interface ImportWatermarksTable {
  source: string;
  kind: string;
  last_id: number;
}
/** One minute of relay outcomes for one model and channel; `lat_N`/`ttft_N` are histogram bins. */
type BinIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
export type StatusBinColumn = `lat_${BinIndex}` | `ttft_${BinIndex}`;
export type StatusBucketsTable = {
  minute: number;
  model_name: string;
  channel_id: number;
  success: Generated<number>;
  failure: Generated<number>;
  latency_sum: Generated<number>;
  ttft_count: Generated<number>;
} & { [K in StatusBinColumn]: Generated<number> };

export interface Schema {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  options: OptionsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  top_ups: TopUpsTable;
  affiliate_rebates: AffiliateRebatesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  quota_data: QuotaDataTable;
  aggregation_watermarks: AggregationWatermarksTable;
  verifications: VerificationsTable;
  import_map: ImportMapTable;
  import_watermarks: ImportWatermarksTable;
  relay_reservations: RelayReservationsTable;
  relay_responses: RelayResponsesTable;
  status_buckets: StatusBucketsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  audit_logs: AuditLogsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  orgs: OrgsTable;
  org_members: OrgMembersTable;
  org_invitations: OrgInvitationsTable;
}

/** An organization and its wallet (issue 32). */
export interface OrgsTable {
  id: Generated<number>;
  name: string;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  created_by: number;
  created_at: number;
  deleted_at: number | null;
}

/** A member of an org: role, cap per window (0: none) and what the member spent. */
export interface OrgMembersTable {
  org_id: number;
  user_id: number;
  role: string;
  quota_limit: Generated<number>;
  window_period: Generated<string>;
  window_started_at: Generated<number>;
  window_used: Generated<number>;
  window_reserved: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  joined_at: number;
}

/** A single-use invitation of one user into an org, with its expiry. */
export interface OrgInvitationsTable {
  id: Generated<number>;
  org_id: number;
  code: string;
  user_id: number;
  role: string;
  invited_by: number;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type TwoFactorRow = Selectable<TwoFactorTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type NewAuditLog = Insertable<AuditLogsTable>;
export type NewLog = Insertable<LogsTable>;
export type LogRow = Selectable<LogsTable>;
export type DrawingTaskRow = Selectable<MidjourneysTable>;
export type AsyncTaskRow = Selectable<TasksTable>;
