// The relay's hot statements directly on SQLite (better-sqlite3), outside any Kysely transaction.
import type { Compilable } from 'kysely';
import { type Db, type SqliteDirect, sqliteDirectOf } from '../db/database';
import type { NewLog } from '../db/schema';
import { type Arg, type DirectStatement, directTemplate } from './query-templates';
import {
  addChannelUsedQuery,
  candidatesQuery,
  deleteJournalQuery,
  insertJournalQuery,
  insertLogQuery,
  moveTokenQuery,
  moveUserQuery,
  takeTokenQuery,
  takeUserQuery,
  tokenQuotaQuery,
  tokenWithOwnerQuery,
  userQuotaQuery,
} from './relay.queries';
import {
  available,
  byKey,
  type JournalEntry,
  journalArgs,
  logFor,
  planSettlements,
  type Settlement,
  type TokenBalance,
} from './settlement-plan';

/** Thrown inside a transaction to roll it back when the token's guard fails. */
export class QuotaShort extends Error {}

/**
 * The relay's hot statements run directly on SQLite: each quota move is one synchronous
 * better-sqlite3 transaction, which nothing else in the process can interleave with.
 */
class DirectRelaySql {
  readonly tokenWithOwner;
  readonly candidates;
  private readonly takeUser;
  private readonly takeToken;
  private readonly moveUser;
  private readonly moveToken;
  private readonly addChannelUsed;
  private readonly userQuota;
  private readonly tokenQuota;
  private readonly insertJournal;
  private readonly deleteJournal;
  private readonly logInserts = new Map<string, DirectStatement<unknown>>();
  /** The guarded take with its journal row (see takeQuota), in a transaction of its own. */
  readonly take: (entry: JournalEntry, now: number) => boolean;
  /** The settlements (see settleQuotas) in one transaction; what each was charged. */
  readonly settle: (settlements: readonly Settlement[]) => (number | null)[];
  /** A whole amount given back without a journal row (a task refunded later). */
  readonly refund: (userId: number, tokenId: number, amount: number) => void;

  constructor(
    private readonly db: Db,
    private readonly direct: SqliteDirect,
  ) {
    const statement = <R>(name: string, build: (q: Db, arg: Arg) => Compilable<R>, arity: number) =>
      directTemplate(db, direct, name, build, arity);
    this.tokenWithOwner = statement('findTokenWithOwner', tokenWithOwnerQuery, 1);
    this.candidates = statement('listCandidates', candidatesQuery, 2);
    this.takeUser = statement('takeUserQuota', takeUserQuery, 2);
    this.takeToken = statement('takeTokenQuota', takeTokenQuery, 3);
    this.moveUser = statement('moveUserQuota', moveUserQuery, 4);
    this.moveToken = statement('moveTokenQuota', moveTokenQuery, 2);
    this.addChannelUsed = statement('addChannelUsed', addChannelUsedQuery, 2);
    this.userQuota = statement('userQuota', userQuotaQuery, 1);
    this.tokenQuota = statement('tokenQuota', tokenQuotaQuery, 1);
    this.insertJournal = statement('insertJournal', insertJournalQuery, 9);
    this.deleteJournal = statement('deleteJournal', deleteJournalQuery, 1);
    // better-sqlite3 builds a transaction function's wrappers on each transaction() call: once.
    const transaction = direct.connection.transaction.bind(direct.connection);
    this.take = transaction((entry: JournalEntry, now: number) => {
      this.insertJournal.run(...journalArgs(entry));
      if (this.takeToken.run(entry.amount, now, entry.tokenId) !== 1) throw new QuotaShort();
      if (this.takeUser.run(entry.amount, entry.userId) !== 1) throw new QuotaShort();
      return true;
    });
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
      for (const [tokenId, delta] of byKey(plan.tokens)) this.moveToken.run(delta, tokenId);
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

  /** A settlement above its reservation, inside the caller's transaction; returns the charge. */
  private applyGuarded(s: Settlement): number {
    const user = this.userQuota.all(s.userId)[0] as { quota: number } | undefined;
    const token = this.tokenQuota.all(s.tokenId)[0] as TokenBalance | undefined;
    const charged = s.reserved + Math.min(s.cost - s.reserved, available(user, token));
    const delta = charged - s.reserved;
    this.moveUser.run(delta, charged, s.countRequest ? 1 : 0, s.userId);
    if (delta !== 0) this.moveToken.run(delta, s.tokenId);
    if (charged > 0 && s.channelId > 0) this.addChannelUsed.run(charged, s.channelId);
    return charged;
  }

  private insertLog(log: NewLog): void {
    const columns = Object.keys(log).filter((column) => log[column as keyof NewLog] !== undefined);
    const name = `insertLog:${columns.join(',')}`;
    let insert = this.logInserts.get(name);
    if (!insert) {
      insert = directTemplate(this.db, this.direct, name, insertLogQuery(columns), columns.length);
      this.logInserts.set(name, insert);
    }
    insert.run(...columns.map((column) => log[column as keyof NewLog]));
  }
}

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
