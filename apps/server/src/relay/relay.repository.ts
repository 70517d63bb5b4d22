// SQL of the relay: token and user look-up, channel candidates, the guarded quota moves and the
// channel status writes. The statements live in relay.queries; on SQLite the hot ones run
// directly (direct-sqlite).
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { directOf, QuotaShort } from './direct-sqlite';
import { runTemplate } from './query-templates';
import {
  addChannelUsedQuery,
  affected,
  type CandidateRow,
  CHANNEL_COLUMNS,
  type ChannelRow,
  candidatesQuery,
  moveTokenQuery,
  moveUserQuery,
  type TokenOwnerRow,
  takeTokenQuery,
  takeUserQuery,
  tokenWithOwnerQuery,
} from './relay.queries';
import { available, planSettlements, type Settlement } from './settlement-plan';

export type { CandidateRow, ChannelRow, TokenOwnerRow } from './relay.queries';
export type { Settlement } from './settlement-plan';

/** The token with this key (not deleted) and its owner (not cancelled), in one query. */
export async function findTokenWithOwner(db: Db, key: string): Promise<TokenOwnerRow | undefined> {
  const direct = directOf(db);
  if (direct) return direct.tokenWithOwner.all(key)[0];
  const result = await runTemplate(db, 'findTokenWithOwner', tokenWithOwnerQuery, [key]);
  return result.rows[0];
}

export async function setTokenStatus(db: Db, tokenId: number, status: number): Promise<void> {
  await db.updateTable('tokens').set({ status }).where('id', '=', tokenId).execute();
}

/** Enabled channels that serve the model to the group, with the ability's priority and weight. */
export async function listCandidates(
  db: Db,
  group: string,
  model: string,
): Promise<CandidateRow[]> {
  const direct = directOf(db);
  if (direct) return direct.candidates.all(group, model);
  const result = await runTemplate(db, 'listCandidates', candidatesQuery, [group, model]);
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

/**
 * Takes `amount` from the user and the token, both guarded so neither goes below zero; all or
 * nothing. Returns false (and changes nothing) when either balance is short.
 */
export async function takeQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
  now: number,
): Promise<boolean> {
  const direct = directOf(db);
  try {
    if (direct) return direct.take(userId, tokenId, amount, now);
    return await db.transaction().execute(async (trx) => {
      const user = await runTemplate(trx, 'takeUserQuota', takeUserQuery, [amount, userId]);
      if (affected(user) !== 1) return false;
      const token = await runTemplate(trx, 'takeTokenQuota', takeTokenQuery, [
        amount,
        now,
        tokenId,
      ]);
      if (affected(token) !== 1) throw new QuotaShort();
      return true;
    });
  } catch (error) {
    if (error instanceof QuotaShort) return false;
    throw error;
  }
}

/**
 * Moves the balances from each reservation to its real cost and writes the consume logs, all in
 * one transaction (the logs in one multi-row insert). A cost above the reservation is taken only
 * as far as the balances reach (they are locked first), so nothing goes below zero; returns what
 * each was charged in the end.
 */
export async function settleQuotas(db: Db, settlements: readonly Settlement[]): Promise<number[]> {
  if (settlements.length === 0) return [];
  const direct = directOf(db);
  if (direct) return direct.settle(settlements);
  return db.transaction().execute(async (trx) => {
    const plan = planSettlements(settlements);
    for (const [userId, user] of plan.users) {
      await moveUser(trx, userId, user.delta, user.used, user.requests);
    }
    for (const [tokenId, delta] of plan.tokens) await moveToken(trx, tokenId, delta);
    for (const [channelId, used] of plan.channels) await addChannelUsed(trx, channelId, used);
    for (const index of plan.guarded) {
      const s = settlements[index] as Settlement;
      const available = await lockedAvailable(trx, s.userId, s.tokenId);
      const charged = s.reserved + Math.min(s.cost - s.reserved, available);
      const delta = charged - s.reserved;
      await moveUser(trx, s.userId, delta, charged, s.countRequest ? 1 : 0);
      if (delta !== 0) await moveToken(trx, s.tokenId, delta);
      if (charged > 0 && s.channelId > 0) await addChannelUsed(trx, s.channelId, charged);
      plan.charges[index] = charged;
    }
    const logs: NewLog[] = [];
    for (const [index, s] of settlements.entries()) {
      if (s.log) logs.push({ ...s.log, quota: plan.charges[index] ?? 0 });
    }
    await insertLogs(trx, logs);
    return plan.charges;
  });
}

const moveUser = (db: Db, userId: number, delta: number, used: number, requests: number) =>
  runTemplate(db, 'moveUserQuota', moveUserQuery, [delta, used, requests, userId]);

const moveToken = (db: Db, tokenId: number, delta: number) =>
  runTemplate(db, 'moveTokenQuota', moveTokenQuery, [delta, tokenId]);

const addChannelUsed = (db: Db, channelId: number, used: number) =>
  runTemplate(db, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);

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
  return available(user, token);
}

/** Gives a whole reservation back (the request failed before any usage). */
export async function refundQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const direct = directOf(db);
  if (direct) return direct.refund(userId, tokenId, amount);
  await db.transaction().execute(async (trx) => {
    await moveUser(trx, userId, -amount, 0, 0);
    await moveToken(trx, tokenId, -amount);
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
