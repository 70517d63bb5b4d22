// SQL of the relay: token and user look-up, channel candidates, and the guarded quota moves.
import { type QueryResult, sql } from 'kysely';
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { runTemplate } from './query-templates';

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
}

/** The token with this key (not deleted) and its owner (not cancelled), in one query. */
export async function findTokenWithOwner(db: Db, key: string): Promise<TokenOwnerRow | undefined> {
  const result = await runTemplate(
    db,
    'findTokenWithOwner',
    (q, arg) =>
      q
        .selectFrom('tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
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
          'u.id as user_id',
          'u.username',
          'u.status as user_status',
          'u.role',
          'u.quota',
          'u.used_quota as user_used',
          'u.group',
          'u.email',
        ])
        .where('t.key', '=', arg<string>(0))
        .where('t.deleted_at', 'is', null)
        .where('u.deleted_at', 'is', null),
    [key],
  );
  return result.rows[0];
}

export async function setTokenStatus(db: Db, tokenId: number, status: number): Promise<void> {
  await db.updateTable('tokens').set({ status }).where('id', '=', tokenId).execute();
}

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
}

const CHANNEL_COLUMNS = [
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
] as const;

export interface CandidateRow extends ChannelRow {
  priority: number;
  weight: number;
}

/** Enabled channels that serve the model to the group, with the ability's priority and weight. */
export async function listCandidates(
  db: Db,
  group: string,
  model: string,
): Promise<CandidateRow[]> {
  const result = await runTemplate(
    db,
    'listCandidates',
    (q, arg) =>
      q
        .selectFrom('abilities as a')
        .innerJoin('channels as c', 'c.id', 'a.channel_id')
        .select([...CHANNEL_COLUMNS, 'a.priority', 'a.weight'])
        .where('a.group', '=', arg<string>(0))
        .where('a.model', '=', arg<string>(1))
        .where('a.enabled', '=', sql.lit(1))
        .where('c.status', '=', sql.lit(1)),
    [group, model],
  );
  return result.rows;
}

export function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels as c')
    .select(CHANNEL_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function listChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels as c').select(CHANNEL_COLUMNS).orderBy('c.id').execute();
}

/** Distinct models enabled for a group (for GET /v1/models), shared with /api/user/models. */
export { listGroupModels } from '../modules/users/users.repository';

const affected = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0);

/** quota − delta, used_quota + used, request_count + requests; guarded by quota ≥ delta. */
function moveUserQuota(db: Db, userId: number, delta: number, used: number, requests: number) {
  return runTemplate(
    db,
    'moveUserQuota',
    (q, arg) =>
      q
        .updateTable('users')
        .set({
          quota: sql`quota - ${arg(0)}`,
          used_quota: sql`used_quota + ${arg(1)}`,
          request_count: sql`request_count + ${arg(2)}`,
        })
        .where('id', '=', arg<number>(3)),
    [delta, used, requests, userId],
  );
}

function takeUserQuota(db: Db, userId: number, amount: number) {
  return runTemplate(
    db,
    'takeUserQuota',
    (q, arg) =>
      q
        .updateTable('users')
        .set({ quota: sql`quota - ${arg(0)}` })
        .where('id', '=', arg<number>(1))
        .where('quota', '>=', arg<number>(0)),
    [amount, userId],
  );
}

/** remain − delta, used + delta; unguarded (the caller holds the guard or gives back). */
function moveTokenQuota(db: Db, tokenId: number, delta: number) {
  return runTemplate(
    db,
    'moveTokenQuota',
    (q, arg) =>
      q
        .updateTable('tokens')
        .set({
          remain_quota: sql`remain_quota - ${arg(0)}`,
          used_quota: sql`used_quota + ${arg(0)}`,
        })
        .where('id', '=', arg<number>(1)),
    [delta, tokenId],
  );
}

function takeTokenQuota(db: Db, tokenId: number, amount: number, now: number) {
  return runTemplate(
    db,
    'takeTokenQuota',
    (q, arg) =>
      q
        .updateTable('tokens')
        .set({
          remain_quota: sql`remain_quota - ${arg(0)}`,
          used_quota: sql`used_quota + ${arg(0)}`,
          accessed_time: arg<number>(1),
        })
        .where('id', '=', arg<number>(2))
        .where((eb) =>
          eb.or([eb('unlimited_quota', '=', sql.lit(1)), eb('remain_quota', '>=', arg<number>(0))]),
        ),
    [amount, now, tokenId],
  );
}

/**
 * Takes `amount` from the user and the token, both guarded so neither goes below zero; all or
 * nothing. Returns false (and changes nothing) when either balance is short.
 */
export function takeQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
  now: number,
): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      if (affected(await takeUserQuota(trx, userId, amount)) !== 1) return false;
      if (affected(await takeTokenQuota(trx, tokenId, amount, now)) !== 1) throw new QuotaShort();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof QuotaShort) return false;
      throw error;
    });
}

/** Thrown inside a transaction to roll it back when the token's guard fails. */
class QuotaShort extends Error {}

export interface Settlement {
  userId: number;
  tokenId: number;
  channelId: number;
  /** What was taken up front. */
  reserved: number;
  /** What the request really costs. */
  cost: number;
  /** Count the request (false for refunds of failed requests). */
  countRequest: boolean;
  log: NewLog | null;
  now: number;
}

/**
 * Moves the balances from the reservation to the real cost in one transaction and writes the
 * consume log. A cost above the reservation is taken only as far as the balances reach (they
 * are locked first), so nothing goes below zero; returns what was charged in the end.
 */
export function settleQuota(db: Db, s: Settlement): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let charged = s.cost;
    const extra = s.cost - s.reserved;
    if (extra > 0) {
      const available = await lockedAvailable(trx, s.userId, s.tokenId);
      charged = s.reserved + Math.min(extra, available);
    }
    const delta = charged - s.reserved;
    await moveUserQuota(trx, s.userId, delta, charged, s.countRequest ? 1 : 0);
    if (delta !== 0) await moveTokenQuota(trx, s.tokenId, delta);
    if (charged > 0 && s.channelId > 0) {
      await runTemplate(
        trx,
        'addChannelUsed',
        (q, arg) =>
          q
            .updateTable('channels')
            .set({ used_quota: sql`used_quota + ${arg(0)}` })
            .where('id', '=', arg<number>(1)),
        [charged, s.channelId],
      );
    }
    if (s.log) await insertLogs(trx, [{ ...s.log, quota: charged }]);
    return charged;
  });
}

/** What the user and token can still pay, with both rows locked for the rest of the transaction. */
async function lockedAvailable(trx: Db, userId: number, tokenId: number): Promise<number> {
  const lock = engineOf(trx) !== 'sqlite';
  let userQuery = trx.selectFrom('users').select('quota').where('id', '=', userId);
  if (lock) userQuery = userQuery.forUpdate();
  let tokenQuery = trx
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', tokenId);
  if (lock) tokenQuery = tokenQuery.forUpdate();
  const user = await userQuery.executeTakeFirst();
  const token = await tokenQuery.executeTakeFirst();
  const userLeft = Math.max(0, user?.quota ?? 0);
  if (!token || token.unlimited_quota === 1) return userLeft;
  return Math.min(userLeft, Math.max(0, token.remain_quota));
}

/** Gives a whole reservation back (the request failed before any usage). */
export async function refundQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  await db.transaction().execute(async (trx) => {
    await moveUserQuota(trx, userId, -amount, 0, 0);
    await moveTokenQuota(trx, tokenId, -amount);
  });
}

export async function setChannelStatus(
  db: Db,
  channelId: number,
  status: number,
  otherInfo: string | null,
  onlyFrom?: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('channels')
      .set({ status, other_info: otherInfo })
      .where('id', '=', channelId);
    if (onlyFrom !== undefined) query = query.where('status', '=', onlyFrom);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('abilities')
      .set({ enabled: status === 1 ? 1 : 0 })
      .where('channel_id', '=', channelId)
      .execute();
    return true;
  });
}

export async function recordChannelTest(
  db: Db,
  channelId: number,
  responseTimeMs: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('channels')
    .set({ response_time: responseTimeMs, test_time: now })
    .where('id', '=', channelId)
    .execute();
}
