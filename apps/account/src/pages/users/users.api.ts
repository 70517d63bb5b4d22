// User administration calls (admin).
import { apiGet, apiPost, apiPut, createEndpointApi } from '@switchyard/console-kit';
import type {
  AdminUser,
  CreateUserRequest,
  ManageAction,
  ManageUserReply,
  UpdateUserRequest,
  UserPage,
} from '@switchyard/contracts';
import { groupEndpoints, passkeyEndpoints } from '@switchyard/contracts/endpoints';

export interface UserListParams {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

export const listUsers = ({ page, pageSize, keyword, group }: UserListParams): Promise<UserPage> =>
  keyword || group
    ? apiGet<UserPage>('/api/user/search', {
        params: { p: page, page_size: pageSize, keyword, group },
      })
    : apiGet<UserPage>('/api/user/', { params: { p: page, page_size: pageSize } });

export const getUser = (id: number): Promise<AdminUser> => apiGet<AdminUser>(`/api/user/${id}`);

const groupsApi = createEndpointApi(groupEndpoints);

export const listGroups = (): Promise<string[]> => groupsApi.names();

export const createUser = (body: CreateUserRequest): Promise<void> =>
  apiPost<void>('/api/user/', { body });

export const updateUser = (body: UpdateUserRequest): Promise<void> =>
  apiPut<void>('/api/user/', { body });

export const manageUser = (username: string, action: ManageAction): Promise<ManageUserReply> =>
  apiPost<ManageUserReply>('/api/user/manage', { body: { username, action } });

const passkeysApi = createEndpointApi(passkeyEndpoints);

/** Removes every passkey of a user; resolves to how many there were. */
export const resetPasskeys = async (userId: number): Promise<number> =>
  (await passkeysApi.resetForUser({ params: { user_id: userId } })).removed;
