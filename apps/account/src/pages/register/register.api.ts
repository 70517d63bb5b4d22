// Password registration (POST /api/user/register): the new session's user when it signed in.
import { apiPost } from '@switchyard/console-kit';
import type { RegisterRequest, SessionUser } from '@switchyard/contracts';

export const register = (
  body: RegisterRequest,
  turnstile = '',
): Promise<SessionUser | null | undefined> =>
  apiPost<SessionUser | null | undefined>('/api/user/register', {
    body,
    params: turnstile ? { turnstile } : {},
  });
