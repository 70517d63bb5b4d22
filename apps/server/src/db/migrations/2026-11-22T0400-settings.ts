// Options hold long Markdown and HTML (home page, about, footer): on MySQL, widen options.value
// from TEXT (65,535 bytes, a third of that in Chinese) to MEDIUMTEXT. SQLite and PostgreSQL text
// has no such limit, so there is nothing to do on them.
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'mysql') return;
  await sql`ALTER TABLE options MODIFY value MEDIUMTEXT NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'mysql') return;
  await sql`ALTER TABLE options MODIFY value TEXT NOT NULL`.execute(db);
}
