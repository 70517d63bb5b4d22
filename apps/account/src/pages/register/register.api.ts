// Password registration, from the account table: the new session's user when it signed in (the
// hook sends a reply without one to the login page).
import { createEndpointApi } from '@switchyard/console-kit';
import type { RegisterRequest, SessionUser } from '@switchyard/contracts';
import { userEndpoints } from '@switchyard/contracts/endpoints/users';

const accountApi = createEndpointApi(userEndpoints);

export const register = (
  body: RegisterRequest,
  turnstile = '',
): Promise<SessionUser | null | undefined> =>
  accountApi.register({ body, query: turnstile ? { turnstile } : {} });
