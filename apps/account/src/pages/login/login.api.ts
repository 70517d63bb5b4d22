// Password login and its second step, from the account and two_factor tables. The sign-in page's
// first paint reaches no zod (e2e/tests/load.spec.ts), so the tables load on the first call.
import { lazyEndpointApi } from '@switchyard/console-kit';
import type {
  LoginRequest,
  SecondFactorRequest,
  SecondFactorRequired,
  SessionUser,
} from '@switchyard/contracts';

const accountApi = lazyEndpointApi(() =>
  import('@switchyard/contracts/endpoints/users').then((module) => module.userEndpoints),
);
const twoFactorApi = lazyEndpointApi(() =>
  import('@switchyard/contracts/endpoints/two-factor').then((module) => module.twoFactorEndpoints),
);

export const login = (
  body: LoginRequest,
  turnstile = '',
): Promise<SessionUser | SecondFactorRequired> =>
  accountApi.login({ body, query: turnstile ? { turnstile } : {} });

export const loginSecondFactor = (body: SecondFactorRequest): Promise<SessionUser> =>
  twoFactorApi.login({ body });
