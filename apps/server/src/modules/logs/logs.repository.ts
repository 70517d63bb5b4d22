// SQL for the logs table (writes for now; the list and stats endpoints come later).
import type { Db } from '../../db/database';
import type { NewLog } from '../../db/schema';

export async function insertLogs(db: Db, logs: readonly NewLog[]): Promise<void> {
  if (logs.length === 0) return;
  await db
    .insertInto('logs')
    .values([...logs])
    .execute();
}
