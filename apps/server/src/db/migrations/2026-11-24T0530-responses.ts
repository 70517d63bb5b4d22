// Responses API: the responses the gateway made for chat-only upstreams (kept per token so
// GET/DELETE /v1/responses/{id} and previous_response_id work), and for responses an upstream
// with the Responses API made, which channel holds them.
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // A response with its conversation can pass MySQL's 64 KB TEXT.
  const long = engine === 'mysql' ? sql`mediumtext` : sql`text`;
  await createTable(db, engine, 'relay_responses')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'bigint')
    .addColumn('model', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('response', long)
    .addColumn('conversation', long)
    .execute();
  await index(db, 'relay_responses', ['created_at']);
  await index(db, 'relay_responses', ['token_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relay_responses').ifExists().execute();
}
