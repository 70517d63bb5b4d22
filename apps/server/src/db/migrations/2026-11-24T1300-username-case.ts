// Usernames are unique whatever their case (`Root` may not sit beside `root`): the services check
// it with a query, and this index makes the database refuse the one a race lets through. MariaDB
// indexes no expressions, so there it indexes a stored, invisible generated column instead.
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

const INDEX = 'idx_users_username_lower';

export async function up(db: Kysely<unknown>): Promise<void> {
  const clashes = await sql<{ name: string }>`
    select lower(username) as name from users group by lower(username) having count(*) > 1
  `.execute(db);
  if (clashes.rows.length > 0) {
    const names = clashes.rows.map((row) => row.name).join(', ');
    throw new Error(
      `usernames that differ only in case must be renamed before this upgrade: ${names}`,
    );
  }
  if (engineOf(db) === 'mysql') {
    await sql`
      alter table users add column username_lower varchar(64)
        as (lower(username)) stored invisible
    `.execute(db);
    await sql`create unique index ${sql.raw(INDEX)} on users (username_lower)`.execute(db);
    return;
  }
  await sql`create unique index ${sql.raw(INDEX)} on users (lower(username))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'mysql') {
    await sql`drop index ${sql.raw(INDEX)} on users`.execute(db);
    await sql`alter table users drop column username_lower`.execute(db);
    return;
  }
  await sql`drop index ${sql.raw(INDEX)}`.execute(db);
}
