// The one rule deciding who may open a route or tab (spec §2 and §6).
import type { SessionUser } from '@switchyard/contracts';
import type { Guard } from './route-table';

/**
 * - `allow`: render it;
 * - `login`: nobody is signed in and it is protected → send to /login;
 * - `forbidden`: signed in with too low a role → the not-found page, and its code is never fetched.
 */
export type AccessDecision = 'allow' | 'login' | 'forbidden';

export function canAccess(guard: Guard, user: Pick<SessionUser, 'role'> | null): AccessDecision {
  if (guard.access === 'open') return 'allow';
  if (!user) return 'login';
  if (guard.role !== undefined && user.role < guard.role) return 'forbidden';
  return 'allow';
}
