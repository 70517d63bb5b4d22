// The server's side of the username rules (contracts/username): a refusal the user can read.
import { usernameProblem } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { refuse } from '../../lib/errors';
import { usernameClash } from './users.repository';

export function assertUsernameAllowed(name: string): void {
  const problem = usernameProblem(name);
  if (problem === 'invalid') throw refuse('user.usernameInvalid');
  if (problem === 'confusable') throw refuse('user.usernameConfusable');
}

/** Refuses a username another user has (any case) or one that looks like it (TR39 skeleton). */
export async function assertUsernameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const clash = await usernameClash(db, name, exceptId);
  if (clash === 'taken') throw refuse('user.usernameTaken');
  if (clash === 'lookAlike') throw refuse('user.usernameLookAlike');
}
