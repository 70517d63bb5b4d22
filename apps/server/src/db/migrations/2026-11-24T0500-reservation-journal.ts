// The reservation journal: one row per quota reservation in flight, written in the transaction
// that takes the quota and deleted by the one that settles or refunds it. Its primary key is the
// settlement's id, so a settlement retried after an uncertain commit finds no row and applies
// nothing (exactly once on every engine). A row left behind by a node that died is reconciled
// once the owner's lease expires (or when that node starts again).
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';
import { createTable } from './table-helpers';

// Only reservations in flight live here (a few hundred rows at most), so the lease and node
// look-ups scan it: no secondary index, whose pages every take and settlement would write too.
// On SQLite the table is clustered on its key (WITHOUT ROWID): one b-tree, one page per write.
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  let table = createTable(db, engine, 'relay_reservations')
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
    .addColumn('delivered', 'bigint', (c) => c.notNull().defaultTo(-1));
  if (engine === 'sqlite') table = table.modifyEnd(sql`WITHOUT ROWID`);
  await table.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relay_reservations').ifExists().execute();
}
