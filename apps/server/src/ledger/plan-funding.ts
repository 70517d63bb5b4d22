// A request funded by a plan subscription (issue 31): the take reserves the amount in every one
// of the subscription's windows in one guarded update, with the journal row naming
// `plan:<subscription id>`, all in one transaction; refused (nothing written) when one window
// has no room. The subscriptions tried are the user's active ones covering the model, the one
// that ends first first. Settlement gives the hold back in plan-settlement.ts.
import {
  PLAN_PERIODS,
  type PlanPeriod,
  planCovers,
  SubscriptionStatus,
} from '@switchyard/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { SubscriptionsTable } from '../db/schema';
import { runTemplate } from '../relay/query-templates';
import type { PlanSource } from './funding';
import { affected, insertJournalQuery } from './ledger.queries';
import { fullWindow, PERIOD_PREFIX, windowStarts } from './plan-windows';
import type { JournalEntry } from './settlement-plan';
import { journalArgs } from './settlement-plan';

type SubscriptionRow = Selectable<SubscriptionsTable>;

/** How a plan take ended: funded by a subscription, every covering one full, or none covers. */
export type PlanTake =
  | { kind: 'taken'; source: PlanSource }
  | { kind: 'full'; period: PlanPeriod; resetsAt: number }
  | { kind: 'uncovered' };

const UNCOVERED: PlanTake = { kind: 'uncovered' };

class WindowsFull extends Error {}

/** The user's active subscriptions covering the model, the one that ends first first. */
async function covering(db: Db, userId: number, model: string, now: number) {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', SubscriptionStatus.active)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
  return rows.filter((row) => planCovers(row.models, model));
}

/**
 * Reserves `amount` in every window of the subscription (a window that began before the current
 * one starts over at the current one's start holding this reservation alone), guarded so that no
 * window's used + reserved goes above its quota. On MySQL SET runs left to right with the updated
 * values, so each window's start is assigned after its used and reserved.
 */
function takeWindows(trx: Db, row: SubscriptionRow, amount: number, now: number) {
  const starts = windowStarts(Number(row.starts_at), now);
  const set: Record<string, unknown> = {};
  let query = trx
    .updateTable('subscriptions')
    .where('id', '=', Number(row.id))
    .where('status', '=', SubscriptionStatus.active)
    .where('expires_at', '>', now);
  for (const [index, period] of PLAN_PERIODS.entries()) {
    const prefix = PERIOD_PREFIX[period];
    const start = starts[index] as number;
    const quota = sql.ref(`${prefix}_quota`);
    const used = sql.ref(`${prefix}_used`);
    const reserved = sql.ref(`${prefix}_reserved`);
    const begun = sql.ref(`${prefix}_start`);
    const over = sql`${begun} < ${start}`;
    set[`${prefix}_used`] = sql`CASE WHEN ${over} THEN 0 ELSE ${used} END`;
    set[`${prefix}_reserved`] =
      sql`CASE WHEN ${over} THEN ${amount} ELSE ${reserved} + ${amount} END`;
    set[`${prefix}_start`] = sql`CASE WHEN ${over} THEN ${start} ELSE ${begun} END`;
    query = query.where(
      sql<boolean>`(${quota} = 0 OR (CASE WHEN ${over} THEN 0 ELSE ${used} + ${reserved} END) + ${amount} <= ${quota})`,
    );
  }
  return query.set(set as never).executeTakeFirst();
}

/**
 * Takes the entry's amount from the first covering subscription with room in every window, with
 * its journal row; says which window was full (and when it starts over) when none had room.
 */
export async function takeFromPlan(
  db: Db,
  entry: Omit<JournalEntry, 'funding' | 'window'>,
  model: string,
  now: number,
): Promise<PlanTake> {
  const rows = await covering(db, entry.userId, model, now);
  if (rows.length === 0) return UNCOVERED;
  let full: PlanTake | undefined;
  for (const row of rows) {
    const source: PlanSource = { kind: 'plan', subscriptionId: Number(row.id) };
    try {
      await db.transaction().execute(async (trx) => {
        await runTemplate(
          trx,
          'insertJournal',
          insertJournalQuery,
          journalArgs({ ...entry, funding: source }),
        );
        const result = await takeWindows(trx, row, entry.amount, now);
        if (Number(result.numUpdatedRows) !== 1) throw new WindowsFull();
      });
      return { kind: 'taken', source };
    } catch (error) {
      if (!(error instanceof WindowsFull)) throw error;
    }
    if (!full) {
      const fresh = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', Number(row.id))
        .executeTakeFirst();
      const window = fresh ? fullWindow(fresh, entry.amount, now) : null;
      if (window) full = { kind: 'full', period: window.period, resetsAt: window.resetsAt };
    }
  }
  // A subscription that ended between the list and the take counts as full until its reset.
  return full ?? { kind: 'full', period: '5h', resetsAt: now };
}

export { affected };
