// SQL of the relay's reads and status writes: token and user look-up, channel candidates and
// channel status. The statements live in relay.queries; on SQLite the hot ones run directly
// (direct-sqlite). The quota moves are quota.repository's.
import { TokenStatus } from '@switchyard/contracts';
import { isTransientDatabaseError } from '../db/connection-errors';
import type { Db } from '../db/database';
import { cachedCandidates, candidatesGeneration, keepCandidates } from './candidate-cache';
import { directOf } from './direct-sqlite';
import { runTemplate } from './query-templates';
import {
  type CandidateRow,
  CHANNEL_COLUMNS,
  type ChannelRow,
  candidatesQuery,
  type TokenOwnerRow,
  tokenWithOwnerQuery,
} from './relay.queries';
import { databaseUnavailable } from './relay-errors';

/** Refunds live with the quota moves; tasks import this one from here. */
export { refundQuota } from '../ledger/quota.repository';
export type { CandidateRow, ChannelRow, TokenOwnerRow } from './relay.queries';

/** The token with this key (not deleted) and its owner (not cancelled), in one query. */
export async function findTokenWithOwner(db: Db, key: string): Promise<TokenOwnerRow | undefined> {
  const direct = directOf(db);
  if (direct) return direct.tokenWithOwner.first(key);
  const result = await runTemplate(db, 'findTokenWithOwner', tokenWithOwnerQuery, [key]);
  return result.rows[0];
}

export async function setTokenStatus(db: Db, tokenId: number, status: number): Promise<void> {
  await db.updateTable('tokens').set({ status }).where('id', '=', tokenId).execute();
}

/**
 * Marks the token exhausted if its settled balance is spent: no quota left and no reservation
 * of it in flight (whose refund or settlement could give some back). True when marked.
 */
export async function markTokenExhausted(db: Db, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ status: TokenStatus.exhausted })
    .where('id', '=', tokenId)
    .where('remain_quota', '<=', 0)
    .where('unlimited_quota', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('relay_reservations as r').select('r.id').where('r.token_id', '=', tokenId),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Enabled channels that serve the model to the group, with the ability's priority and weight;
 * kept per node between channel changes (candidate-cache.ts). The rows are shared: read only.
 */
export async function listCandidates(
  db: Db,
  group: string,
  model: string,
): Promise<readonly CandidateRow[]> {
  const now = Date.now();
  const cached = cachedCandidates(db, group, model, now);
  if (cached) return cached;
  const readAt = candidatesGeneration();
  const direct = directOf(db);
  if (direct) {
    const rows = direct.candidates.all(group, model);
    keepCandidates(db, group, model, rows, readAt, now);
    return rows;
  }
  try {
    const result = await runTemplate(db, 'listCandidates', candidatesQuery, [group, model]);
    keepCandidates(db, group, model, result.rows, readAt, Date.now());
    return result.rows;
  } catch (error) {
    // A lost database link is the request's 503 (the relay's error handler renders it).
    if (isTransientDatabaseError(error)) throw databaseUnavailable();
    throw error;
  }
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
 * Claims the next re-test of an auto-disabled channel: moves its test_time from what this node
 * read, so of several nodes only one runs it. False when another node got there first.
 */
export async function claimChannelRetest(
  db: Db,
  channelId: number,
  readTestTime: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('channels')
    .set({ test_time: now })
    .where('id', '=', channelId)
    .where('status', '=', 3)
    .where('test_time', '=', readTestTime)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Channels the gateway disabled itself, with when they were last tested. */
export function listAutoDisabled(db: Db): Promise<(ChannelRow & { test_time: number })[]> {
  return db
    .selectFrom('channels as c')
    .select([...CHANNEL_COLUMNS, 'c.test_time'])
    .where('c.status', '=', 3)
    .orderBy('c.id')
    .execute();
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
