// The signed-in user's own record, for editing oneself, from the account table.
import { createEndpointApi } from '@switchyard/console-kit';
import type { SelfUser, UpdateSelfRequest } from '@switchyard/contracts';
import { userEndpoints } from '@switchyard/contracts/endpoints';

const accountApi = createEndpointApi(userEndpoints);

export const getSelf = (): Promise<SelfUser> => accountApi.self();

export const updateSelf = (body: UpdateSelfRequest): Promise<void> =>
  accountApi.updateSelf({ body });
