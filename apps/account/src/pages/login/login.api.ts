// Password login (POST /api/user/login) and its second step (POST /api/user/login/2fa).
import { apiPost } from '@switchyard/console-kit';
import type {
  LoginRequest,
  SecondFactorRequest,
  SecondFactorRequired,
  SessionUser,
} from '@switchyard/contracts';

export const login = (
  body: LoginRequest,
  turnstile = '',
): Promise<SessionUser | SecondFactorRequired> =>
  apiPost<SessionUser | SecondFactorRequired>('/api/user/login', {
    body,
    params: turnstile ? { turnstile } : {},
  });

export const loginSecondFactor = (body: SecondFactorRequest): Promise<SessionUser> =>
  apiPost<SessionUser>('/api/user/login/2fa', { body });
