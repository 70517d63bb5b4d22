// SQL for health checks.
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A round trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
