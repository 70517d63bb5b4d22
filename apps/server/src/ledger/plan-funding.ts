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
import { sql } from 'kysely';
import { type Db, sqliteDirectOf } from '../db/database';
import { directOf } from '../relay/direct-sqlite';
import {
  type Arg,
  type DirectStatement,
  directTemplate,
  runTemplate,
} from '../relay/query-templates';
import type { PlanSource } from './funding';
import { affected, directInsertJournal, insertJournalQuery } from './ledger.queries';
import { fullWindow, PERIOD_PREFIX, windowStarts } from './plan-windows';
import { type JournalEntry, journalArgs } from './settlement-plan';

/** What a take needs of a subscription: its id, models and start (the windows' anchor). */
interface CoveringRow {
  id: number;
  models: string;
  starts_at: number;
}

/** How a plan take ended: funded by a subscription, every covering one full, or none covers. */
export type PlanTake =
  | { kind: 'taken'; source: PlanSource }
  | { kind: 'full'; period: PlanPeriod; resetsAt: number }
  | { kind: 'uncovered' };

const UNCOVERED: PlanTake = { kind: 'uncovered' };

class WindowsFull extends Error {}

/** The user's active subscriptions, the one that ends first first (args: user id, now). */
const coveringQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('subscriptions')
    .select(['id', 'models', 'starts_at'])
    .where('user_id', '=', arg<number>(0))
    .where('status', '=', sql.lit(SubscriptionStatus.active))
    .where('expires_at', '>', arg<number>(1))
    .orderBy('expires_at')
    .orderBy('id');

/**
 * Reserves the amount in every window of the subscription (a window that began before the current
 * one starts over at the current one's start holding this reservation alone), guarded so that no
 * window's used + reserved goes above its quota. Args: amount, now, id, then each period's current
 * window start in PLAN_PERIODS order. On MySQL SET runs left to right with the updated values, so
 * each window's start is assigned after its used and reserved.
 */
const takeWindowsQuery = (q: Db, arg: Arg) => {
  const amount = arg<number>(0);
  const set: Record<string, unknown> = {};
  let query = q
    .updateTable('subscriptions')
    .where('id', '=', arg<number>(2))
    .where('status', '=', sql.lit(SubscriptionStatus.active))
    .where('expires_at', '>', arg<number>(1));
  for (const [index, period] of PLAN_PERIODS.entries()) {
    const prefix = PERIOD_PREFIX[period];
    const start = arg<number>(3 + index);
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
  return query.set(set as never);
};

const TAKE_ARITY = 3 + PLAN_PERIODS.length;
const takeArgs = (row: CoveringRow, amount: number, now: number): unknown[] => [
  amount,
  now,
  Number(row.id),
  ...windowStarts(Number(row.starts_at), now),
];

type Entry = Omit<JournalEntry, 'funding' | 'window'>;

/** The plan take's statements run directly on SQLite, each take a synchronous transaction (a
 * savepoint inside its turn's, see take). */
interface DirectPlan {
  covering: DirectStatement<CoveringRow>;
  take: (entry: Entry, source: PlanSource, args: unknown[]) => boolean;
}

const directPlans = new WeakMap<Db, DirectPlan>();

function directPlan(db: Db): DirectPlan | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let plan = directPlans.get(db);
  if (!plan) {
    const insertJournal = directInsertJournal(db, direct);
    const takeWindows = directTemplate(db, direct, 'takePlanWindows', takeWindowsQuery, TAKE_ARITY);
    const take = direct.connection.transaction(
      (entry: Entry, source: PlanSource, args: unknown[]) => {
        insertJournal.run(...journalArgs({ ...entry, funding: source }));
        if (takeWindows.run(...args) !== 1) throw new WindowsFull();
        return true;
      },
    );
    plan = {
      covering: directTemplate(db, direct, 'planCovering', coveringQuery, 2),
      take: (entry, source, args) => {
        try {
          return take(entry, source, args);
        } catch (error) {
          if (error instanceof WindowsFull) return false;
          throw error;
        }
      },
    };
    directPlans.set(db, plan);
  }
  return plan;
}

async function takeWithKysely(db: Db, entry: Entry, source: PlanSource, args: unknown[]) {
  try {
    await db.transaction().execute(async (trx) => {
      await runTemplate(
        trx,
        'insertJournal',
        insertJournalQuery,
        journalArgs({ ...entry, funding: source }),
      );
      const result = await runTemplate(trx, 'takePlanWindows', takeWindowsQuery, args);
      if (affected(result) !== 1) throw new WindowsFull();
    });
    return true;
  } catch (error) {
    if (error instanceof WindowsFull) return false;
    throw error;
  }
}

/**
 * One subscription's take. On SQLite it joins the transaction the wallet's takes of this
 * event-loop turn share (relay/direct-sqlite.ts' queueTake), as a savepoint of its own; the
 * direct path is checked here, after any await that may have let a Kysely transaction open.
 */
function take(db: Db, entry: Entry, source: PlanSource, args: unknown[]): Promise<boolean> {
  const plan = directPlan(db);
  const turn = plan ? directOf(db) : undefined;
  if (!plan || !turn) return takeWithKysely(db, entry, source, args);
  return turn.queueTake(
    () => plan.take(entry, source, args),
    () => takeWithKysely(db, entry, source, args),
  );
}

/** Which window of the subscription was full (and when it starts over), read after a refusal. */
async function fullOf(db: Db, id: number, amount: number, now: number): Promise<PlanTake | null> {
  const fresh = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const window = fresh ? fullWindow(fresh, amount, now) : null;
  return window ? { kind: 'full', period: window.period, resetsAt: window.resetsAt } : null;
}

/**
 * Takes the entry's amount from the first covering subscription with room in every window, with
 * its journal row; says which window was full (and when it starts over) when none had room.
 */
export async function takeFromPlan(
  db: Db,
  entry: Entry,
  model: string,
  now: number,
): Promise<PlanTake> {
  const direct = directPlan(db);
  const all = direct
    ? direct.covering.all(entry.userId, now)
    : (await runTemplate<CoveringRow>(db, 'planCovering', coveringQuery, [entry.userId, now])).rows;
  const rows = all.filter((row) => planCovers(row.models, model));
  if (rows.length === 0) return UNCOVERED;
  let full: PlanTake | null = null;
  for (const row of rows) {
    const source: PlanSource = { kind: 'plan', subscriptionId: Number(row.id) };
    const args = takeArgs(row, entry.amount, now);
    const taken = await take(db, entry, source, args);
    if (taken) return { kind: 'taken', source };
    full ??= await fullOf(db, Number(row.id), entry.amount, now);
  }
  // A subscription that ended between the list and the take counts as full until its reset.
  return full ?? { kind: 'full', period: '5h', resetsAt: now };
}
