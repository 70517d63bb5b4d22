// Plan settlements on SQLite run directly on the connection (see relay/direct-sqlite.ts): the
// batch is one synchronous better-sqlite3 transaction with the statements plan-settlement.ts
// runs through Kysely on the other engines, so a plan-funded request costs about what a
// wallet-funded one does. Same rules: a settlement applies only while its journal row exists.
import type { Db } from '../db/database';
import { sqliteDirectOf } from '../db/database';
import { type Arg, directTemplate } from '../relay/query-templates';
import { addChannelUsedQuery, directInsertLog } from './ledger.queries';
import { channelUses, MOVE_WINDOWS_ARITY, moveWindowsQuery, planMoves } from './plan-moves';
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
export function directPlanSettle(db: Db): DirectPlanSettle | undefined {
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
  const move = directTemplate(db, direct, 'movePlanWindows', moveWindowsQuery, MOVE_WINDOWS_ARITY);
  const addChannel = directTemplate(db, direct, 'addChannelUsed', addChannelUsedQuery, 2);
  const insertLog = directInsertLog(db, direct);
  const settle = direct.connection.transaction((batch: readonly Settlement[]) => {
    // Claimed first (exactly once), then one window move per subscription and windows and one
    // channel update per channel for the whole batch, as the wallet's batch does.
    const takenAt = new Map<string, number>();
    const live: Settlement[] = [];
    for (const s of batch) {
      const [claimed] = claim.all(s.id);
      if (!claimed) continue;
      takenAt.set(s.id, Number(claimed.created_at));
      live.push(s);
    }
    const startsAt = new Map<number, number | undefined>();
    const startOf = (id: number) => {
      if (!startsAt.has(id)) {
        const [row] = starts.all(id);
        startsAt.set(id, row ? Number(row.starts_at) : undefined);
      }
      return startsAt.get(id);
    };
    for (const m of planMoves(live, startOf, (s) => takenAt.get(s.id) ?? s.now)) {
      move.run(m.cost, m.amount, m.subscriptionId, ...m.held);
    }
    for (const [channelId, used] of channelUses(live)) addChannel.run(used, channelId);
    for (const s of live) {
      const log = logFor(s, s.cost);
      if (log) insertLog(log);
    }
    return batch.map((s) => (takenAt.has(s.id) ? s.cost : null));
  });
  found = { settle };
  cache.set(db, found);
  return found;
}
