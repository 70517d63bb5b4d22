// Password reset: ask for the mail, then trade the link's token for a new password.
import { apiGet, apiPost } from '@switchyard/console-kit';
import type { ResetPasswordRequest } from '@switchyard/contracts';

export const requestReset = (email: string, turnstile = ''): Promise<void> =>
  apiGet<void>('/api/reset_password', { params: { email, ...(turnstile ? { turnstile } : {}) } });

export const confirmReset = (body: ResetPasswordRequest): Promise<string> =>
  apiPost<string>('/api/user/reset', { body });
