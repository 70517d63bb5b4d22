// The signed-in user's own record, for editing oneself through the self endpoint.
import { apiGet, apiPut } from '@switchyard/console-kit';
import type { SelfUser, UpdateSelfRequest } from '@switchyard/contracts';

export const getSelf = (): Promise<SelfUser> => apiGet<SelfUser>('/api/user/self');

export const updateSelf = (body: UpdateSelfRequest): Promise<void> =>
  apiPut<void>('/api/user/self', { body });
