// At start: the confusable skeleton of users that have none (accounts older than the column, or
// brought in by the new-api import), so the look-alike check covers every name.
import type { Db } from '../../db/database';
import { usernameSkeleton } from './username-skeleton';
import { setUsernameSkeleton, usersWithoutSkeleton } from './users.repository';

const BATCH = 500;

/** Fills missing skeletons; returns how many rows it set. Cheap when none is missing. */
export async function fillUsernameSkeletons(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await usersWithoutSkeleton(db, BATCH);
    for (const row of rows) {
      await setUsernameSkeleton(db, row.id, usernameSkeleton(row.username));
    }
    filled += rows.length;
    if (rows.length < BATCH) return filled;
  }
}
