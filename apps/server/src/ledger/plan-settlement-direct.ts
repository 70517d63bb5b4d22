// Plan settlements on SQLite run directly on the connection (see relay/direct-sqlite.ts): the
// batch is one synchronous better-sqlite3 transaction with the statements plan-settlement.ts
// runs through Kysely on the other engines, so a plan-funded request costs about what a
// wallet-funded one does. Same rules: a settlement applies only while its journal row exists.
import type { Compilable } from 'kysely';
import type { Db } from '../db/database';
import { sqliteDirectOf } from '../db/database';
import type { NewLog } from '../db/schema';
import { type Arg, type DirectStatement, directTemplate } from '../relay/query-templates';
import { addChannelUsedQuery, insertLogQuery } from './ledger.queries';
import { windowStarts } from './plan-windows';
import { logFor, type Settlement } from './settlement-plan';

interface DirectPlanSettle {
  settle: (batch: readonly Settlement[]) => (number | null)[];
}

const cache = new WeakMap<Db, DirectPlanSettle>();

const claimQuery = (q: Db, arg: Arg) =>
  q.deleteFrom('relay_reservations').where('id', '=', arg<string>(0)).returning('created_at');

const startsQuery = (q: Db, arg: Arg) =>
  q.selectFrom('subscriptions').select('starts_at').where('id', '=', arg<number>(0));

/** The direct settlement of plan batches, unless the engine is another or a transaction is open. */
export function directPlanSettle(
  db: Db,
  moveWindowsQuery: (q: Db, arg: Arg) => Compilable<unknown>,
  arity: number,
  subscriptionOf: (s: Settlement) => number,
): DirectPlanSettle | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let found = cache.get(db);
  if (found) return found;
  const claim = directTemplate<{ created_at: number }>(
    db,
    direct,
    'claimPlanJournal',
    claimQuery,
    1,
  );
  const starts = directTemplate<{ starts_at: number }>(db, direct, 'planStarts', startsQuery, 1);
  const move = directTemplate(db, direct, 'movePlanWindows', moveWindowsQuery, arity);
  const addChannel = directTemplate(db, direct, 'addChannelUsed', addChannelUsedQuery, 2);
  const inserts = new Map<string, DirectStatement<unknown>>();
  const insertLog = (log: NewLog) => {
    const columns = Object.keys(log).filter((c) => log[c as keyof NewLog] !== undefined);
    const name = `insertLog:${columns.join(',')}`;
    let insert = inserts.get(name);
    if (!insert) {
      insert = directTemplate(db, direct, name, insertLogQuery(columns), columns.length);
      inserts.set(name, insert);
    }
    insert.run(...columns.map((column) => log[column as keyof NewLog]));
  };
  const settle = direct.connection.transaction((batch: readonly Settlement[]) =>
    batch.map((s) => {
      const [claimed] = claim.all(s.id);
      if (!claimed) return null;
      const id = subscriptionOf(s);
      const [row] = starts.all(id);
      if (row) {
        const held = windowStarts(Number(row.starts_at), Number(claimed.created_at));
        move.run(s.cost, s.reserved, id, ...held);
      }
      if (s.cost > 0 && s.channelId > 0) addChannel.run(s.cost, s.channelId);
      const log = logFor(s, s.cost);
      if (log) insertLog(log);
      return s.cost;
    }),
  );
  found = { settle };
  cache.set(db, found);
  return found;
}
