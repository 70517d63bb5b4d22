// SQL of the quota moves: a request's take (guarded, with its journal row), the settlement of
// reservations with their consume logs, and refunds. The statements live in relay.queries; on
// SQLite the hot ones run directly (direct-sqlite), and the settlement rule is settlement-plan's.
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { directOf, QuotaShort } from '../relay/direct-sqlite';
import { runTemplate } from '../relay/query-templates';
import {
  addChannelUsedQuery,
  affected,
  insertJournalQuery,
  journalWindowQuery,
  moveTokenQuery,
  moveTokenWindowQuery,
  moveUserQuery,
  type TokenWindowRow,
  takeTokenQuery,
  takeTokenWindowQuery,
  takeUserQuery,
  tokenWindowQuery,
} from './ledger.queries';
import {
  available,
  guardedTokenMove,
  type JournalEntry,
  journalArgs,
  logFor,
  planSettlements,
  QUOTA_SPENT,
  type Settlement,
  TAKEN_NO_WINDOW,
  type TakeResult,
  type TokenMove,
  tokenMoves,
  WINDOW_SPENT,
  windowSpent,
} from './settlement-plan';

export type { JournalEntry, Settlement, TakeResult, WindowHold } from './settlement-plan';

/**
 * Takes the entry's amount from the token and the user, both guarded so neither goes below zero,
 * and writes its journal row; all or nothing. With `entry.window` the token's quota window holds
 * the amount too, guarded in the same statement (issue 17). Refused (nothing changed) when a
 * balance is short or the window spent, saying which. The user row, which every request of the
 * user updates, is locked last, so it is held only until the commit. On SQLite the takes of one
 * event-loop turn share a transaction (direct-sqlite).
 */
export function takeQuota(db: Db, entry: JournalEntry, now: number): Promise<TakeResult> {
  const direct = directOf(db);
  if (direct) return direct.takeSoon(entry, now, (e, at) => takeWithKysely(db, e, at));
  return takeWithKysely(db, entry, now);
}

async function takeWithKysely(db: Db, entry: JournalEntry, now: number): Promise<TakeResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      await runTemplate(trx, 'insertJournal', insertJournalQuery, journalArgs(entry));
      const taken = await takeTokenRow(trx, entry, now);
      if (taken.taken && taken.windowStartedAt !== undefined) {
        await runTemplate(trx, 'journalWindow', journalWindowQuery, [
          taken.windowStartedAt,
          entry.id,
        ]);
      }
      const user = await runTemplate(trx, 'takeUserQuota', takeUserQuery, [
        entry.amount,
        entry.userId,
      ]);
      if (affected(user) !== 1) throw new QuotaShort();
      return taken;
    });
  } catch (error) {
    if (error instanceof QuotaShort) return error.result;
    throw error;
  }
}

/** The token's part of a take (see takeQuota); throws QuotaShort saying which guard refused. */
async function takeTokenRow(trx: Db, entry: JournalEntry, now: number): Promise<TakeResult> {
  const { window } = entry;
  if (!window) {
    const token = await runTemplate(trx, 'takeTokenQuota', takeTokenQuery, [
      entry.amount,
      now,
      entry.tokenId,
    ]);
    if (affected(token) !== 1) throw new QuotaShort();
    return TAKEN_NO_WINDOW;
  }
  const args = [entry.amount, now, entry.tokenId, window.cutoff, window.freshStart];
  const mysql = engineOf(trx) === 'mysql';
  // PostgreSQL hands the window's start back in the statement; MySQL reads it after (the row
  // stays locked by the update until the commit).
  const result = mysql
    ? await runTemplate(trx, 'takeTokenWindowQuota', takeTokenWindowQuery, args)
    : await runTemplate(
        trx,
        'takeTokenWindowQuotaReturning',
        (q, arg) => takeTokenWindowQuery(q, arg).returning('window_started_at'),
        args,
      );
  const returned = result.rows[0] as { window_started_at?: number } | undefined;
  if (!mysql && returned)
    return { taken: true, windowStartedAt: Number(returned.window_started_at) };
  const state = (
    await runTemplate<TokenWindowRow>(trx, 'tokenWindow', tokenWindowQuery, [entry.tokenId])
  ).rows[0];
  if (mysql && affected(result) === 1) {
    return { taken: true, windowStartedAt: Number(state?.window_started_at ?? window.freshStart) };
  }
  throw new QuotaShort(windowSpent(state, window.cutoff) ? WINDOW_SPENT : QUOTA_SPENT);
}

/**
 * Deletes the journal rows of these ids; returns the ones that were there (locked till commit),
 * each with its take's time (a plan's settlement finds the window the take was held in by it).
 */
export async function claimJournal(trx: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (engineOf(trx) === 'mysql') {
    const rows = await trx
      .selectFrom('relay_reservations')
      .select(['id', 'created_at'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (rows.length > 0) {
      await trx
        .deleteFrom('relay_reservations')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    return new Map(rows.map((row) => [row.id, Number(row.created_at)]));
  }
  const rows = await trx
    .deleteFrom('relay_reservations')
    .where('id', 'in', ids)
    .returning(['id', 'created_at'])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.created_at)]));
}

/**
 * Moves the balances from each reservation to its real cost and writes the consume logs, all in
 * one transaction (the logs in one multi-row insert). Only settlements whose journal row is still
 * there apply, and the row is deleted with them: a batch retried after an uncertain commit, or a
 * settlement of a reservation already reconciled, applies nothing (its result is null). A cost
 * above the reservation is taken only as far as the balances reach (they are locked first), so
 * nothing goes below zero; returns what each was charged in the end.
 */
export async function settleQuotas(
  db: Db,
  settlements: readonly Settlement[],
): Promise<(number | null)[]> {
  if (settlements.length === 0) return [];
  const direct = directOf(db);
  if (direct) return direct.settle(settlements);
  return db.transaction().execute(async (trx) => {
    const present = await claimJournal(
      trx,
      settlements.map((s) => s.id),
    );
    const live = settlements.filter((s) => present.has(s.id));
    const plan = planSettlements(live);
    const guarded = plan.guarded.map((index) => ({ index, s: live[index] as Settlement }));
    // One lock order for every writer: tokens, then channels, then users, each in id order. The
    // rows a cost above its reservation needs are locked in their turn too, so its charge, worked
    // out once its user is locked, only updates rows this transaction already holds.
    const moves = tokenMoves(plan);
    for (const tokenId of ascending(
      moves.map((m) => m.tokenId),
      guarded.map((g) => g.s.tokenId),
    )) {
      const own = moves.filter((move) => move.tokenId === tokenId);
      for (const move of own) await applyTokenMove(trx, move);
      if (own.length === 0) await lockRow(trx, 'tokens', tokenId);
    }
    const guardedChannels = guarded.map((g) => g.s.channelId).filter((id) => id > 0);
    for (const channelId of ascending([...plan.channels.keys()], guardedChannels)) {
      const used = plan.channels.get(channelId);
      if (used !== undefined) await addChannelUsed(trx, channelId, used);
      else await lockRow(trx, 'channels', channelId);
    }
    for (const userId of ascending(
      [...plan.users.keys()],
      guarded.map((g) => g.s.userId),
    )) {
      const user = plan.users.get(userId);
      if (user) await moveUser(trx, userId, user.delta, user.used, user.requests);
      for (const { index, s } of guarded) {
        if (s.userId !== userId) continue;
        const available = await lockedAvailable(trx, s.userId, s.tokenId);
        const charged = s.reserved + Math.min(s.cost - s.reserved, available);
        await applyTokenMove(trx, guardedTokenMove(s, charged));
        const delta = charged - s.reserved;
        if (charged > 0 && s.channelId > 0) await addChannelUsed(trx, s.channelId, charged);
        await moveUser(trx, s.userId, delta, charged, s.countRequest ? 1 : 0);
        plan.charges[index] = charged;
      }
    }
    const logs: NewLog[] = [];
    const charges = new Map<string, number>();
    for (const [index, s] of live.entries()) {
      const charged = plan.charges[index] ?? 0;
      charges.set(s.id, charged);
      const log = logFor(s, charged);
      if (log) logs.push(log);
    }
    await insertLogs(trx, logs);
    return settlements.map((s) => charges.get(s.id) ?? null);
  });
}

const moveUser = (db: Db, userId: number, delta: number, used: number, requests: number) =>
  runTemplate(db, 'moveUserQuota', moveUserQuery, [delta, used, requests, userId]);

const moveToken = (db: Db, tokenId: number, delta: number) =>
  runTemplate(db, 'moveTokenQuota', moveTokenQuery, [delta, tokenId]);

async function applyTokenMove(db: Db, move: TokenMove): Promise<void> {
  const { window } = move;
  if (window) {
    await runTemplate(db, 'moveTokenWindow', moveTokenWindowQuery, [
      move.delta,
      window.charged,
      window.back,
      window.startedAt,
      move.tokenId,
    ]);
  } else if (move.delta !== 0) await moveToken(db, move.tokenId, move.delta);
}

const addChannelUsed = (db: Db, channelId: number, used: number) =>
  runTemplate(db, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);

/** Every id of both lists once, ascending (the order rows of one table are locked in). */
const ascending = (first: readonly number[], second: readonly number[]): number[] =>
  [...new Set([...first, ...second])].sort((a, b) => a - b);

/** Locks a row for the rest of the transaction (SQLite has one writer and needs none). */
async function lockRow(trx: Db, table: 'tokens' | 'channels', id: number): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * What the user and token can still pay. The token row is already held (the tokens come first;
 * its locking read waits for nothing and sees the latest row, which MySQL's snapshot would not);
 * the user's is locked here, in the users' turn.
 */
async function lockedAvailable(trx: Db, userId: number, tokenId: number): Promise<number> {
  const lock = engineOf(trx) !== 'sqlite';
  let tokenQuery = trx
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', tokenId);
  if (lock) tokenQuery = tokenQuery.forUpdate();
  let userQuery = trx.selectFrom('users').select('quota').where('id', '=', userId);
  if (lock) userQuery = userQuery.forUpdate();
  const token = await tokenQuery.executeTakeFirst();
  const user = await userQuery.executeTakeFirst();
  return available(user, token);
}

/** Gives an amount back without a journal row (a task charged earlier and failed later). */
export async function refundQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const direct = directOf(db);
  if (direct) return direct.refund(userId, tokenId, amount);
  // The token before the user, the order of every writer of these rows.
  await db.transaction().execute(async (trx) => {
    await moveToken(trx, tokenId, -amount);
    await moveUser(trx, userId, -amount, 0, 0);
  });
}
