// Password registration (POST /api/user/register).
import { apiPost } from '@switchyard/console-kit';
import type { RegisterRequest } from '@switchyard/contracts';

export const register = (body: RegisterRequest, turnstile = ''): Promise<void> =>
  apiPost<void>('/api/user/register', { body, params: turnstile ? { turnstile } : {} });
