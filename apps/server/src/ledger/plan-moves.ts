// The window and channel moves of a batch of plan settlements (issue 31), shared by the Kysely
// path (plan-settlement.ts) and SQLite's direct one (plan-settlement-direct.ts): grouped so a batch
// makes one UPDATE per subscription and windows, and one per channel.
import { PLAN_PERIODS } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Arg } from '../relay/query-templates';
import { PERIOD_PREFIX, windowStarts } from './plan-windows';
import type { Settlement } from './settlement-plan';

export const subscriptionOf = (s: Settlement): number =>
  s.funding?.kind === 'plan' ? s.funding.subscriptionId : 0;

/** Arity of moveWindowsQuery: cost, amount, id, then one window start per period. */
export const MOVE_WINDOWS_ARITY = 3 + PLAN_PERIODS.length;

/**
 * Charges the cost to each window and gives the hold back to the windows that began where the
 * take's did. Args: cost, amount, id, then the take's window start of each period.
 */
export const moveWindowsQuery = (q: Db, arg: Arg) => {
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
