// The reservation journal: one row per quota reservation in flight, written in the transaction
// that takes the quota and deleted by the one that settles or refunds it. Its primary key is the
// settlement's id, so a settlement retried after an uncertain commit finds no row and applies
// nothing (exactly once on every engine). A row left behind by a node that died is reconciled
// once the owner's lease expires (or when that node starts again).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, engineOf(db), 'relay_reservations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('token_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'varchar(128)', (c) => c.notNull())
    // Unix milliseconds; renewed by the owner while it lives.
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    // Quota worth of what a stream had delivered when last recorded; -1 when unknown.
    .addColumn('delivered', 'bigint', (c) => c.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .createIndex('idx_relay_reservations_node')
    .on('relay_reservations')
    .columns(['node_id'])
    .execute();
  await db.schema
    .createIndex('idx_relay_reservations_lease')
    .on('relay_reservations')
    .columns(['lease_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relay_reservations').ifExists().execute();
}
