// User administration (spec §7 "Users", admin): list, search, read, create, edit and the manage
// actions. An admin reads and changes only users below their own role (the server checks it).
import { z } from 'zod';
import {
  adminUserSchema,
  createUserRequestSchema,
  type ManageUserReply,
  manageUserRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userSearchQuerySchema,
} from '../account';
import { defineEndpoint, noData, typedReply } from './define';

const page = z.object({
  items: z.array(adminUserSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

export const userAdminEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/',
    summary: 'One page of users',
    role: 'admin',
    query: userListQuerySchema,
    reply: page,
    pageBase: 1,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/user/search',
    summary: 'One page of the users the caller may open, by keyword or group',
    role: 'admin',
    query: userSearchQuerySchema,
    reply: page,
    pageBase: 1,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/user/:id',
    summary: 'One user below the caller’s role',
    role: 'admin',
    params: z.object({ id: z.coerce.number().int().positive() }),
    reply: adminUserSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/user/',
    summary: 'Creates a user',
    role: 'admin',
    body: createUserRequestSchema,
    reply: noData,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/user/',
    summary: 'Edits a user below the caller’s role',
    role: 'admin',
    body: updateUserRequestSchema,
    reply: noData,
  }),
  manage: defineEndpoint({
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Promotes, demotes, disables, enables or deletes a user, or resets their 2FA',
    role: 'admin',
    body: manageUserRequestSchema,
    reply: typedReply<ManageUserReply>("The user's role and status after the action"),
  }),
};
