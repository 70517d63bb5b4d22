// The signed-in user's session as the shell sees it: confirm it at start, end it on logout. The
// account table loads on the first call, so its zod schemas stay out of the start chunk (a cold
// /login's JS budget); the start-up check runs beside the first paint, not before it.
import { lazyEndpointApi } from '@switchyard/console-kit';
import type { SelfUser } from '@switchyard/contracts';

const accountApi = lazyEndpointApi(() =>
  import('@switchyard/contracts/endpoints/users').then((module) => module.userEndpoints),
);

export const getSelf = (): Promise<SelfUser> => accountApi.self();

export const logout = (): Promise<void> => accountApi.logout();
