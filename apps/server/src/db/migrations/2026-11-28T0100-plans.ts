// Plans and subscriptions (issue 31). A subscription copies its plan's models and windows when it
// starts, so editing a plan never changes what a subscriber already paid for. Each window's usage
// lives on the subscription row (quota, start, used, reserved per period) so one guarded update
// reserves a request in every window at once, on every node. A token may be plan-only; a
// redemption code may activate a plan.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

const PERIOD_PREFIXES = ['w5h', 'wday', 'wweek', 'wmonth'];
const WINDOW_COLUMNS = ['quota', 'start', 'used', 'reserved'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createTable(db, engine, 'plans')
    .$call(withId(engine))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('limits', 'text', (c) => c.notNull())
    .addColumn('upgrade_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  let subscriptions = createTable(db, engine, 'subscriptions')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('plan_id', 'bigint', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('upgrade_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('previous_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint', (c) => c.notNull().defaultTo(0));
  for (const prefix of PERIOD_PREFIXES) {
    for (const column of WINDOW_COLUMNS) {
      subscriptions = subscriptions.addColumn(`${prefix}_${column}`, 'bigint', (c) =>
        c.notNull().defaultTo(0),
      );
    }
  }
  await subscriptions.execute();
  await index(db, 'subscriptions', ['user_id', 'status']);
  await index(db, 'subscriptions', ['status', 'expires_at']);

  await db.schema
    .alterTable('tokens')
    .addColumn('plan_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('redemptions')
    .addColumn('plan_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('redemptions').dropColumn('plan_id').execute();
  await db.schema.alterTable('tokens').dropColumn('plan_only').execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
  await db.schema.dropTable('plans').ifExists().execute();
}
