// User administration calls (admin), from the users admin table.
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type {
  AdminUser,
  CreateUserRequest,
  ManageAction,
  ManageUserReply,
  UpdateUserRequest,
  UserPage,
} from '@switchyard/contracts';
import {
  groupEndpoints,
  passkeyEndpoints,
  userAdminEndpoints,
} from '@switchyard/contracts/endpoints';

const usersApi = createEndpointApi(userAdminEndpoints);

export interface UserListParams {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

/** `page` counts from 1 as the list shows it. */
export const listUsers = ({ page, pageSize, keyword, group }: UserListParams): Promise<UserPage> =>
  keyword || group
    ? usersApi.search({
        query: {
          p: endpointPage(userAdminEndpoints.search, page),
          page_size: pageSize,
          keyword,
          group,
        },
      })
    : usersApi.list({
        query: { p: endpointPage(userAdminEndpoints.list, page), page_size: pageSize },
      });

export const getUser = (id: number): Promise<AdminUser> => usersApi.get({ params: { id } });

const groupsApi = createEndpointApi(groupEndpoints);

export const listGroups = (): Promise<string[]> => groupsApi.names();

export const createUser = (body: CreateUserRequest): Promise<void> => usersApi.create({ body });

export const updateUser = (body: UpdateUserRequest): Promise<void> => usersApi.update({ body });

export const manageUser = (username: string, action: ManageAction): Promise<ManageUserReply> =>
  usersApi.manage({ body: { username, action } });

const passkeysApi = createEndpointApi(passkeyEndpoints);

/** Removes every passkey of a user; resolves to how many there were. */
export const resetPasskeys = async (userId: number): Promise<number> =>
  (await passkeysApi.resetForUser({ params: { user_id: userId } })).removed;
