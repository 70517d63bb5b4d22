// Passkeys (issue 33): register, list and delete in personal settings (a signed-in session, never
// an access token), an admin's reset of a user's passkeys, and the usernameless sign-in from the
// login page.
import { z } from 'zod';
import {
  passkeyEntrySchema,
  passkeyIdParamsSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsSchema,
  passkeyRegisterRequestSchema,
  passkeyResetReplySchema,
  passkeyUserParamsSchema,
} from '../passkeys';
import { sessionUserSchema } from '../users';
import { defineEndpoint, noData } from './define';

export const passkeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/passkey/',
    summary: "The signed-in user's passkeys",
    role: 'user',
    sessionOnly: true,
    reply: z.array(passkeyEntrySchema),
  }),
  registerOptions: defineEndpoint({
    method: 'POST',
    path: '/api/user/passkey/register/options',
    summary: 'Starts adding a passkey: creation options with a single-use challenge',
    role: 'user',
    sessionOnly: true,
    reply: passkeyOptionsSchema,
  }),
  registerVerify: defineEndpoint({
    method: 'POST',
    path: '/api/user/passkey/register/verify',
    summary: "Checks the new credential's attestation against the challenge and keeps it",
    role: 'user',
    sessionOnly: true,
    body: passkeyRegisterRequestSchema,
    reply: passkeyEntrySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/passkey/:id',
    summary: 'Deletes one of your passkeys',
    role: 'user',
    sessionOnly: true,
    params: passkeyIdParamsSchema,
    reply: noData,
  }),
  resetForUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/passkey/user/:user_id',
    summary: 'Removes every passkey of a user (a lost device); admins, for users below them',
    role: 'admin',
    params: passkeyUserParamsSchema,
    reply: passkeyResetReplySchema,
  }),
  loginOptions: defineEndpoint({
    method: 'POST',
    path: '/api/user/passkey/login/options',
    summary: 'Starts a usernameless sign-in: request options with a single-use challenge',
    role: 'guest',
    reply: passkeyOptionsSchema,
  }),
  loginVerify: defineEndpoint({
    method: 'POST',
    path: '/api/user/passkey/login/verify',
    summary: 'Signs in with a passkey assertion (both factors: no second step)',
    role: 'guest',
    body: passkeyLoginRequestSchema,
    reply: sessionUserSchema,
  }),
};
