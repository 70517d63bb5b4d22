// Organizations (issue 32): an org with its own wallet, members with a role and a spending cap per
// window, single-use invitations, and tokens that belong to an org (`tokens.org_id`, 0: personal).
// The org's log is the logs whose `funding` is `org:<id>` (top-ups and consumption alike).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createTable(db, engine, 'orgs')
    .$call(withId(engine))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await createTable(db, engine, 'org_members')
    .addColumn('org_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('quota_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('window_period', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('window_started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('window_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('window_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_org_members', ['org_id', 'user_id'])
    .execute();
  await index(db, 'org_members', ['user_id']);
  await createTable(db, engine, 'org_invitations')
    .$call(withId(engine))
    .addColumn('org_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('invited_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await index(db, 'org_invitations', ['code'], true);
  await index(db, 'org_invitations', ['org_id']);
  await db.schema
    .alterTable('tokens')
    .addColumn('org_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'logs', ['funding', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_logs_funding_created_at').on('logs').execute();
  await db.schema.alterTable('tokens').dropColumn('org_id').execute();
  await db.schema.dropTable('org_invitations').ifExists().execute();
  await db.schema.dropTable('org_members').ifExists().execute();
  await db.schema.dropTable('orgs').ifExists().execute();
}
