// Settlements of plan-funded reservations (issue 31): each applies only while its journal row
// exists (deleted in the same transaction, so exactly once), charges its real cost to every
// window of its subscription and gives its hold back to the windows it was taken in (the window
// starts at the take's time, from the journal row). Lock order: journal, subscriptions, channels.

import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { runTemplate } from '../relay/query-templates';
import { addChannelUsedQuery } from './ledger.queries';
import { channelUses, moveWindowsQuery, planMoves, subscriptionOf } from './plan-moves';
import { directPlanSettle } from './plan-settlement-direct';
import { claimJournal } from './quota.repository';
import { logFor, type Settlement } from './settlement-plan';

/** Applies a batch of plan settlements; per settlement its charge, or null when already applied. */
export async function settlePlans(
  db: Db,
  settlements: readonly Settlement[],
): Promise<(number | null)[]> {
  if (settlements.length === 0) return [];
  const direct = directPlanSettle(db);
  if (direct) return direct.settle(settlements);
  return db.transaction().execute(async (trx) => {
    const claimed = await claimJournal(
      trx,
      settlements.map((s) => s.id),
    );
    const live = settlements.filter((s) => claimed.has(s.id));
    const lock = engineOf(trx) !== 'sqlite';
    const ids = [...new Set(live.map(subscriptionOf))].sort((a, b) => a - b);
    const startsAt = new Map<number, number>();
    for (const id of ids) {
      let query = trx.selectFrom('subscriptions').select('starts_at').where('id', '=', id);
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (row) startsAt.set(id, Number(row.starts_at));
    }
    const moves = planMoves(
      live,
      (id) => startsAt.get(id),
      (s) => claimed.get(s.id) ?? s.now,
    );
    for (const move of moves) {
      await runTemplate(trx, 'movePlanWindows', moveWindowsQuery, [
        move.cost,
        move.amount,
        move.subscriptionId,
        ...move.held,
      ]);
    }
    for (const [channelId, used] of channelUses(live)) {
      await runTemplate(trx, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);
    }
    const logs: NewLog[] = [];
    for (const s of live) {
      const log = logFor(s, s.cost);
      if (log) logs.push(log);
    }
    await insertLogs(trx, logs);
    return settlements.map((s) => (claimed.has(s.id) ? s.cost : null));
  });
}
