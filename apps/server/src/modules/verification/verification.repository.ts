// SQL for single-use verification secrets.
import type { Db } from '../../db/database';
import type { VerificationsTable } from '../../db/schema';

export async function insertVerification(db: Db, row: VerificationsTable): Promise<void> {
  await db.insertInto('verifications').values(row).execute();
}

/** Deletes the row if it exists and has not expired; true only for the one caller that deleted it. */
export async function consumeVerification(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('verifications')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteExpiredVerifications(db: Db, now: number): Promise<void> {
  await db.deleteFrom('verifications').where('expires_at', '<=', now).execute();
}

/** Forgets every outstanding secret of one purpose for one address (e.g. after a reset). */
export async function deleteVerificationsFor(
  db: Db,
  purpose: string,
  target: string,
): Promise<void> {
  await db
    .deleteFrom('verifications')
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .execute();
}
