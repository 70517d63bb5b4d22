// Password login (POST /api/user/login).
import { apiPost } from '@switchyard/console-kit';
import type { LoginRequest, SessionUser } from '@switchyard/contracts';

export const login = (body: LoginRequest, turnstile = ''): Promise<SessionUser> =>
  apiPost<SessionUser>('/api/user/login', { body, params: turnstile ? { turnstile } : {} });
