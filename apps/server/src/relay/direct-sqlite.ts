// The relay's hot statements directly on SQLite (better-sqlite3), outside any Kysely transaction.
import type { Compilable } from 'kysely';
import { type Db, type SqliteDirect, sqliteDirectOf } from '../db/database';
import type { NewLog } from '../db/schema';
import {
  addChannelUsedQuery,
  deleteJournalQuery,
  directInsertJournal,
  directInsertLog,
  journalWindowQuery,
  moveTokenQuery,
  moveTokenWindowQuery,
  moveUserQuery,
  type TokenWindowRow,
  takeTokenQuery,
  takeTokenWindowQuery,
  takeUserQuery,
  tokenQuotaQuery,
  tokenWindowQuery,
  userQuotaQuery,
} from '../ledger/ledger.queries';
import {
  available,
  byKey,
  guardedTokenMove,
  type JournalEntry,
  journalArgs,
  logFor,
  planSettlements,
  QUOTA_SPENT,
  type Settlement,
  TAKEN_NO_WINDOW,
  type TakeResult,
  type TokenBalance,
  type TokenMove,
  tokenMoves,
  WINDOW_SPENT,
  windowSpent,
} from '../ledger/settlement-plan';
import { type Arg, directFirstRow, directTemplate } from './query-templates';
import { candidatesQuery, tokenWithOwnerQuery } from './relay.queries';

/** Thrown inside a transaction to roll it back when a guard fails; `result` says which. */
export class QuotaShort extends Error {
  constructor(readonly result: TakeResult = QUOTA_SPENT) {
    super('quota short');
  }
}

/** The Kysely take, for a batch that finds a Kysely transaction open on the connection. */
export type TakeFallback = (entry: JournalEntry, now: number) => Promise<TakeResult>;

/** A take queued for its event-loop turn's transaction (see queueTake). Methods, not function
 * properties, so a take of any result joins the one queue. */
interface PendingTake<R> {
  /** The take: a better-sqlite3 transaction function (a savepoint inside the turn's
   * transaction); a refusal is its result, anything it throws fails this take alone. */
  run(): R;
  /** The same take through Kysely, when a Kysely transaction holds the connection. */
  fallback(): Promise<R>;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * The relay's hot statements run directly on SQLite: each quota move is one synchronous
 * better-sqlite3 transaction, which nothing else in the process can interleave with.
 */
class DirectRelaySql {
  readonly tokenWithOwner;
  readonly candidates;
  private readonly takeUser;
  private readonly takeToken;
  private readonly takeTokenWindow;
  private readonly tokenWindow;
  private readonly moveTokenWindow;
  private readonly moveUser;
  private readonly moveToken;
  private readonly addChannelUsed;
  private readonly userQuota;
  private readonly tokenQuota;
  private readonly insertJournal;
  private readonly journalWindow;
  private readonly deleteJournal;
  private readonly insertLog: (log: NewLog) => void;
  /** The guarded take with its journal row (see takeQuota); a savepoint inside a batch. */
  private readonly take: (entry: JournalEntry, now: number) => TakeResult;
  /** The takes of one event-loop turn in one transaction, each in a savepoint of its own. */
  private readonly takeAll: (batch: readonly PendingTake<unknown>[]) => Outcome[];
  private pendingTakes: PendingTake<unknown>[] = [];
  /** The settlements (see settleQuotas) in one transaction; what each was charged. */
  readonly settle: (settlements: readonly Settlement[]) => (number | null)[];
  /** A whole amount given back without a journal row (a task refunded later). */
  readonly refund: (userId: number, tokenId: number, amount: number) => void;

  constructor(
    db: Db,
    private readonly direct: SqliteDirect,
  ) {
    const statement = <R>(name: string, build: (q: Db, arg: Arg) => Compilable<R>, arity: number) =>
      directTemplate(db, direct, name, build, arity);
    this.tokenWithOwner = directFirstRow(db, direct, 'findTokenWithOwner', tokenWithOwnerQuery, 1);
    this.candidates = statement('listCandidates', candidatesQuery, 2);
    this.takeUser = statement('takeUserQuota', takeUserQuery, 2);
    this.takeToken = statement('takeTokenQuota', takeTokenQuery, 3);
    this.takeTokenWindow = statement<{ window_started_at: number }>(
      'takeTokenWindowQuota',
      (q, arg) => takeTokenWindowQuery(q, arg).returning('window_started_at'),
      5,
    );
    this.tokenWindow = statement<TokenWindowRow>('tokenWindow', tokenWindowQuery, 1);
    this.moveTokenWindow = statement('moveTokenWindow', moveTokenWindowQuery, 5);
    this.moveUser = statement('moveUserQuota', moveUserQuery, 4);
    this.moveToken = statement('moveTokenQuota', moveTokenQuery, 2);
    this.addChannelUsed = statement('addChannelUsed', addChannelUsedQuery, 2);
    this.userQuota = statement('userQuota', userQuotaQuery, 1);
    this.tokenQuota = statement('tokenQuota', tokenQuotaQuery, 1);
    this.insertJournal = directInsertJournal(db, direct);
    this.insertLog = directInsertLog(db, direct);
    this.journalWindow = statement('journalWindow', journalWindowQuery, 2);
    this.deleteJournal = statement('deleteJournal', deleteJournalQuery, 1);
    // better-sqlite3 builds a transaction function's wrappers on each transaction() call: once.
    const transaction = direct.connection.transaction.bind(direct.connection);
    this.take = transaction((entry: JournalEntry, now: number): TakeResult => {
      this.insertJournal.run(...journalArgs(entry));
      const result = this.takeTokenRow(entry, now);
      if (result.taken && result.windowStartedAt !== undefined)
        this.journalWindow.run(result.windowStartedAt, entry.id);
      if (this.takeUser.run(entry.amount, entry.userId) !== 1) throw new QuotaShort();
      return result;
    });
    this.takeAll = transaction((batch: readonly PendingTake<unknown>[]) =>
      batch.map((item): Outcome => {
        try {
          return { result: item.run() };
        } catch (error) {
          // Its savepoint is rolled back; the others still commit. Told after the commit.
          return { error };
        }
      }),
    );
    this.settle = transaction((all: readonly Settlement[]) => {
      // Only settlements whose journal row is still there apply (exactly once).
      const result: (number | null)[] = all.map(() => null);
      const live: Settlement[] = [];
      const where: number[] = [];
      for (const [index, s] of all.entries()) {
        if (this.deleteJournal.run(s.id) !== 1) continue;
        live.push(s);
        where.push(index);
      }
      const plan = planSettlements(live);
      for (const move of tokenMoves(plan)) this.applyTokenMove(move);
      for (const [channelId, used] of byKey(plan.channels))
        this.addChannelUsed.run(used, channelId);
      for (const [userId, user] of byKey(plan.users)) {
        this.moveUser.run(user.delta, user.used, user.requests, userId);
      }
      for (const index of plan.guarded) {
        plan.charges[index] = this.applyGuarded(live[index] as Settlement);
      }
      for (const [index, s] of live.entries()) {
        const log = logFor(s, plan.charges[index] ?? 0);
        if (log) this.insertLog(log);
        result[where[index] as number] = plan.charges[index] ?? 0;
      }
      return result;
    });
    this.refund = transaction((userId: number, tokenId: number, amount: number) => {
      this.moveUser.run(-amount, 0, 0, userId);
      this.moveToken.run(-amount, tokenId);
    });
  }

  /**
   * Takes the amount from the token row (guarded by its balance and, with a window, by the
   * window): the window's start, or QuotaShort saying which guard refused.
   */
  private takeTokenRow(entry: JournalEntry, now: number): TakeResult {
    const { window } = entry;
    if (!window) {
      if (this.takeToken.run(entry.amount, now, entry.tokenId) !== 1) throw new QuotaShort();
      return TAKEN_NO_WINDOW;
    }
    const [row] = this.takeTokenWindow.all(
      entry.amount,
      now,
      entry.tokenId,
      window.cutoff,
      window.freshStart,
    );
    if (row) return { taken: true, windowStartedAt: Number(row.window_started_at) };
    const state = this.tokenWindow.all(entry.tokenId)[0];
    throw new QuotaShort(windowSpent(state, window.cutoff) ? WINDOW_SPENT : QUOTA_SPENT);
  }

  /**
   * Queues a take for the transaction of this event-loop turn: the takes of requests that
   * arrive together share one commit and write the token, user and journal pages once.
   */
  takeSoon(entry: JournalEntry, now: number, fallback: TakeFallback): Promise<TakeResult> {
    return this.queueTake(
      () => this.takeOrRefusal(entry, now),
      () => fallback(entry, now),
    );
  }

  /**
   * Queues any source's take (`run`, a better-sqlite3 transaction function that answers its
   * refusals) for this turn's transaction beside the wallet's: the org wallet's take joins it
   * (ledger/org-take-direct.ts). The promise settles once that transaction has committed.
   */
  queueTake<R>(run: () => R, fallback: () => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.pendingTakes.length === 0) setImmediate(this.flushTakes);
      this.pendingTakes.push({ run, fallback, resolve, reject });
    });
  }

  /** The wallet's take, its refusal (rolled back) answered as a result. */
  private takeOrRefusal(entry: JournalEntry, now: number): TakeResult {
    try {
      return this.take(entry, now);
    } catch (error) {
      if (error instanceof QuotaShort) return error.result;
      throw error;
    }
  }

  private readonly flushTakes = (): void => {
    const batch = this.pendingTakes;
    this.pendingTakes = [];
    // A Kysely transaction awaiting between its statements holds the connection: these takes
    // then queue behind it through Kysely rather than join it.
    if (this.direct.connection.inTransaction) {
      for (const item of batch) item.fallback().then(item.resolve, item.reject);
      return;
    }
    // One take alone is a transaction of its own (no savepoint to pay for).
    const [only] = batch;
    if (only && batch.length === 1) {
      let result: unknown;
      try {
        result = only.run();
      } catch (error) {
        only.reject(error);
        return;
      }
      only.resolve(result);
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = this.takeAll(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    for (const [index, item] of batch.entries()) {
      const outcome = outcomes[index] as Outcome;
      if ('error' in outcome) item.reject(outcome.error);
      else item.resolve(outcome.result);
    }
  };

  private applyTokenMove(move: TokenMove): void {
    const { window } = move;
    if (window) {
      this.moveTokenWindow.run(
        move.delta,
        window.charged,
        window.back,
        window.startedAt,
        move.tokenId,
      );
    } else if (move.delta !== 0) this.moveToken.run(move.delta, move.tokenId);
  }

  /** A settlement above its reservation, inside the caller's transaction; returns the charge. */
  private applyGuarded(s: Settlement): number {
    const user = this.userQuota.all(s.userId)[0] as { quota: number } | undefined;
    const token = this.tokenQuota.all(s.tokenId)[0] as TokenBalance | undefined;
    const charged = s.reserved + Math.min(s.cost - s.reserved, available(user, token));
    const delta = charged - s.reserved;
    this.moveUser.run(delta, charged, s.countRequest ? 1 : 0, s.userId);
    this.applyTokenMove(guardedTokenMove(s, charged));
    if (charged > 0 && s.channelId > 0) this.addChannelUsed.run(charged, s.channelId);
    return charged;
  }
}

/** What one take of a turn's transaction came to: its result, or what it threw. */
type Outcome = { result: unknown } | { error: unknown };

const directSql = new WeakMap<Db, DirectRelaySql>();

/** The direct SQLite statements, unless the engine is another or a Kysely transaction is open. */
export function directOf(db: Db): DirectRelaySql | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let statements = directSql.get(db);
  if (!statements) {
    statements = new DirectRelaySql(db, direct);
    directSql.set(db, statements);
  }
  return statements;
}
