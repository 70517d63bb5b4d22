// The server's side of the username rules (contracts/username): a refusal the user can read.
import { usernameProblem } from '@switchyard/contracts';
import { refuse } from '../../lib/errors';

export function assertUsernameAllowed(name: string): void {
  const problem = usernameProblem(name);
  if (problem === 'invalid') throw refuse('user.usernameInvalid');
  if (problem === 'confusable') throw refuse('user.usernameConfusable');
}
