// Settlements of plan-funded reservations (issue 31): each applies only while its journal row
// exists (deleted in the same transaction, so exactly once), charges its real cost to every
// window of its subscription and gives its hold back to the windows it was taken in (the window
// starts at the take's time, from the journal row). Lock order: journal, subscriptions, channels.

import { PLAN_PERIODS } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { type Arg, runTemplate } from '../relay/query-templates';
import { addChannelUsedQuery } from './ledger.queries';
import { directPlanSettle } from './plan-settlement-direct';
import { PERIOD_PREFIX, windowStarts } from './plan-windows';
import { claimJournal } from './quota.repository';
import { logFor, type Settlement } from './settlement-plan';

export const subscriptionOf = (s: Settlement): number =>
  s.funding?.kind === 'plan' ? s.funding.subscriptionId : 0;

/**
 * Charges the cost to each window and gives the hold back to the windows that began where the
 * take's did. Args: cost, amount, id, then the take's window start of each period.
 */
const moveWindowsQuery = (q: Db, arg: Arg) => {
  const cost = arg<number>(0);
  const amount = arg<number>(1);
  const set: Record<string, unknown> = {};
  for (const [index, period] of PLAN_PERIODS.entries()) {
    const prefix = PERIOD_PREFIX[period];
    const reserved = sql.ref(`${prefix}_reserved`);
    set[`${prefix}_used`] = sql`${sql.ref(`${prefix}_used`)} + ${cost}`;
    set[`${prefix}_reserved`] =
      sql`CASE WHEN ${sql.ref(`${prefix}_start`)} = ${arg<number>(3 + index)} THEN (CASE WHEN ${reserved} > ${amount} THEN ${reserved} - ${amount} ELSE 0 END) ELSE ${reserved} END`;
  }
  return q
    .updateTable('subscriptions')
    .set(set as never)
    .where('id', '=', arg<number>(2));
};

/** One UPDATE of a subscription: the costs and holds of the settlements taken in the same windows. */
export interface PlanMove {
  subscriptionId: number;
  cost: number;
  amount: number;
  /** The take's window start of each period (windowStarts). */
  held: number[];
}

/**
 * The batch's window moves, one per (subscription, windows the take was in), in subscription
 * order (the lock order). Summing is exact: `used` only adds, and giving back holds a1 then a2
 * with the floor at 0 leaves what giving back a1 + a2 at once does (every amount is >= 0).
 */
export function planMoves(
  live: readonly Settlement[],
  startsAt: (subscriptionId: number) => number | undefined,
  takenAt: (s: Settlement) => number,
): PlanMove[] {
  const moves = new Map<string, PlanMove>();
  for (const s of live) {
    const subscriptionId = subscriptionOf(s);
    const begun = startsAt(subscriptionId);
    if (begun === undefined) continue;
    const held = windowStarts(begun, takenAt(s));
    const key = `${subscriptionId}:${held.join(':')}`;
    const move = moves.get(key);
    if (move) {
      move.cost += s.cost;
      move.amount += s.reserved;
    } else moves.set(key, { subscriptionId, cost: s.cost, amount: s.reserved, held });
  }
  return [...moves.values()].sort((a, b) => a.subscriptionId - b.subscriptionId);
}

/** The batch's channel usage, one sum per channel, in channel order. */
export function channelUses(live: readonly Settlement[]): [number, number][] {
  const channels = new Map<number, number>();
  for (const s of live) {
    if (s.cost > 0 && s.channelId > 0) {
      channels.set(s.channelId, (channels.get(s.channelId) ?? 0) + s.cost);
    }
  }
  return [...channels].sort((a, b) => a[0] - b[0]);
}

/** Applies a batch of plan settlements; per settlement its charge, or null when already applied. */
export async function settlePlans(
  db: Db,
  settlements: readonly Settlement[],
): Promise<(number | null)[]> {
  if (settlements.length === 0) return [];
  const direct = directPlanSettle(db, moveWindowsQuery, 3 + PLAN_PERIODS.length);
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
