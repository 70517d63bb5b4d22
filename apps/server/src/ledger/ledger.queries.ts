// The ledger's SQL, built once as templates: the guarded takes, the settlement's moves, the consume
// log insert and the reservation journal (run by quota.repository through Kysely, or directly on
// SQLite by relay/direct-sqlite.ts).
import { type QueryResult, sql } from 'kysely';
import type { Db, SqliteDirect } from '../db/database';
import type { NewLog } from '../db/schema';
import { type Arg, type DirectStatement, directTemplate } from '../relay/query-templates';

export const affected = (result: QueryResult<unknown>): number =>
  Number(result.numAffectedRows ?? 0);

/** quota − delta, used_quota + used, request_count + requests (args: delta, used, requests, id). */
export const moveUserQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('users')
    .set({
      quota: sql`quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(1)}`,
      request_count: sql`request_count + ${arg(2)}`,
    })
    .where('id', '=', arg<number>(3));

/** quota − amount where quota ≥ amount (args: amount, id). */
export const takeUserQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('users')
    .set({ quota: sql`quota - ${arg(0)}` })
    .where('id', '=', arg<number>(1))
    .where('quota', '>=', arg<number>(0));

/** remain − delta, used + delta; unguarded: the caller holds the guard or gives back. */
export const moveTokenQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(0)}`,
    })
    .where('id', '=', arg<number>(1));

/** Like moveTokenQuery, guarded by remain ≥ amount unless unlimited (args: amount, now, id). */
export const takeTokenQuery = (q: Db, arg: Arg) =>
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
    );

/** Where a quota window starts over: before `cutoff` it is over and restarts at `freshStart`. */
const windowOver = (arg: Arg, cutoff: number) => sql<boolean>`window_started_at < ${arg(cutoff)}`;

/**
 * takeTokenQuery that also reserves the amount in the token's quota window (issue 17), in the
 * same statement: admitted while `window_used + window_reserved < window_quota`, so a window is
 * overspent by at most one reservation; a window that began before the cutoff restarts at
 * freshStart with this reservation alone. Args: amount, now, id, cutoff, freshStart. On MySQL
 * SET runs left to right with updated values, so window_started_at is assigned last.
 */
export const takeTokenWindowQuery = (q: Db, arg: Arg) =>
  takeTokenQuery(q, arg)
    .set({
      window_used: sql`CASE WHEN ${windowOver(arg, 3)} THEN 0 ELSE window_used END`,
      window_reserved: sql`CASE WHEN ${windowOver(arg, 3)} THEN ${arg(0)} ELSE window_reserved + ${arg(0)} END`,
      window_started_at: sql`CASE WHEN ${windowOver(arg, 3)} THEN ${arg(4)} ELSE window_started_at END`,
    })
    .where(sql<boolean>`(${windowOver(arg, 3)} OR window_used + window_reserved < window_quota)`);

/** The window columns and balance of a token: why a windowed take was refused (args: id). */
export const tokenWindowQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('tokens')
    .select([
      'remain_quota',
      'unlimited_quota',
      'window_started_at',
      'window_used',
      'window_reserved',
      'window_quota',
    ])
    .where('id', '=', arg<number>(0));

export interface TokenWindowRow {
  remain_quota: number;
  unlimited_quota: number;
  window_started_at: number;
  window_used: number;
  window_reserved: number;
  window_quota: number;
}

/**
 * moveTokenQuery plus the window's settlement: `charged` added to window_used and the
 * reservations `back` given back from window_reserved if the window that held them is still the
 * current one (a request that outlived its window charges the new one). Args: delta, charged,
 * back, startedAt, id.
 */
export const moveTokenWindowQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(0)}`,
      window_used: sql`window_used + ${arg(1)}`,
      window_reserved: sql`CASE WHEN window_started_at = ${arg(3)} THEN (CASE WHEN window_reserved > ${arg(2)} THEN window_reserved - ${arg(2)} ELSE 0 END) ELSE window_reserved END`,
    })
    .where('id', '=', arg<number>(4));

/** used_quota + amount (args: amount, id). */
export const addChannelUsedQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('channels')
    .set({ used_quota: sql`used_quota + ${arg(0)}` })
    .where('id', '=', arg<number>(1));

export const userQuotaQuery = (q: Db, arg: Arg) =>
  q.selectFrom('users').select('quota').where('id', '=', arg<number>(0));

export const tokenQuotaQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', arg<number>(0));

/** A consume log with these columns (the columns' order is the arguments' order). */
export const insertLogQuery = (columns: readonly string[]) => (q: Db, arg: Arg) =>
  q
    .insertInto('logs')
    .values(Object.fromEntries(columns.map((column, index) => [column, arg(index)])) as NewLog);

/**
 * The consume log's insert run directly on SQLite: one prepared statement per set of columns a
 * log has (the settlements' logs come in a few shapes).
 */
export function directInsertLog(db: Db, direct: SqliteDirect): (log: NewLog) => void {
  const inserts = new Map<string, DirectStatement<unknown>>();
  return (log) => {
    const columns = Object.keys(log).filter((column) => log[column as keyof NewLog] !== undefined);
    const name = `insertLog:${columns.join(',')}`;
    let insert = inserts.get(name);
    if (!insert) {
      insert = directTemplate(db, direct, name, insertLogQuery(columns), columns.length);
      inserts.set(name, insert);
    }
    insert.run(...columns.map((column) => log[column as keyof NewLog]));
  };
}

/** The journal columns in the order of insertJournalQuery's arguments. */
export const JOURNAL_COLUMNS = [
  'id',
  'user_id',
  'token_id',
  'amount',
  'node_id',
  'lease_until',
  'created_at',
  'model_name',
  'is_stream',
  'funding',
] as const;

/** A reservation's journal row (args in JOURNAL_COLUMNS order). */
export const insertJournalQuery = (q: Db, arg: Arg) =>
  q
    .insertInto('relay_reservations')
    .values(
      Object.fromEntries(JOURNAL_COLUMNS.map((column, index) => [column, arg(index)])) as never,
    );

/** The journal row's insert run directly on SQLite (each take's first statement there). */
export const directInsertJournal = (db: Db, direct: SqliteDirect) =>
  directTemplate(db, direct, 'insertJournal', insertJournalQuery, JOURNAL_COLUMNS.length);

/**
 * Records on the journal row the start of the token's quota window the take held the amount in
 * (args: window_started_at, id), so that a reconciliation gives the hold back. Run in the take's
 * transaction after the token's update, on the row it inserted first (every writer locks the
 * journal before the token and the user).
 */
export const journalWindowQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('relay_reservations')
    .set({ window_started_at: arg<number>(0) })
    .where('id', '=', arg<string>(1));

/** Ends one reservation (args: id); one row changed means this transaction owns its ending. */
export const deleteJournalQuery = (q: Db, arg: Arg) =>
  q.deleteFrom('relay_reservations').where('id', '=', arg<string>(0));
