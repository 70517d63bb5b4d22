// Each user's confusable skeleton (Unicode TR39): a new name whose skeleton equals an existing
// one's (`rօօt`, `rᴏᴏt`, `admın` beside `root`, `admin`) is refused. Not unique: accounts that
// already look alike keep their names. Filled for existing rows at start (fillUsernameSkeletons),
// not here, so this migration does not depend on the confusables table of the day.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';

const INDEX = 'idx_users_username_skeleton';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'varchar(255)').execute();
  await db.schema.createIndex(INDEX).on('users').column('username_skeleton').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // MySQL names the table in DROP INDEX; the others must not.
  const drop = db.schema.dropIndex(INDEX);
  await (engineOf(db) === 'mysql' ? drop.on('users') : drop).execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
}
