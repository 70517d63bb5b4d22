// The signed-in user's session as the shell sees it: confirm it at start, end it on logout.
import { apiGet } from '@switchyard/console-kit';
import type { SelfUser } from '@switchyard/contracts';

export const getSelf = (): Promise<SelfUser> => apiGet<SelfUser>('/api/user/self');

export const logout = (): Promise<void> => apiGet<void>('/api/user/logout');
