// The signed-in user's console sessions in personal settings (a session cookie only: an access
// token has no session of its own to keep): list, sign one out, sign out everywhere else.
import { z } from 'zod';
import {
  sessionEntrySchema,
  sessionIdParamsSchema,
  signOutEverywhereReplySchema,
  signOutEverywhereRequestSchema,
} from '../identity';
import { defineEndpoint, noData } from './define';

export const sessionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/sessions',
    summary: 'Your signed-in sessions, the current one marked',
    role: 'user',
    sessionOnly: true,
    reply: z.array(sessionEntrySchema),
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    summary: 'Signs one of your sessions out',
    role: 'user',
    sessionOnly: true,
    params: sessionIdParamsSchema,
    reply: noData,
  }),
  revokeAll: defineEndpoint({
    method: 'POST',
    path: '/api/user/sessions/revoke_all',
    summary:
      'Signs out every other session; with rotate_access_token also replaces the access token',
    role: 'user',
    sessionOnly: true,
    body: signOutEverywhereRequestSchema,
    reply: signOutEverywhereReplySchema,
  }),
};
