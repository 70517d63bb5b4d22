// Password reset by mail: a link is mailed, and its token confirms a new, generated password.
import { z } from 'zod';
import { emailQuerySchema, resetPasswordRequestSchema } from '../account';
import { defineEndpoint, noData } from './define';

export const resetPasswordEndpoints = {
  request: defineEndpoint({
    method: 'GET',
    path: '/api/reset_password',
    summary: 'Mails a password reset link to an address',
    role: 'guest',
    query: emailQuerySchema,
    reply: noData,
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/user/reset',
    summary: "Confirms a mailed reset link's token; replies with the new password",
    role: 'guest',
    body: resetPasswordRequestSchema,
    reply: z.string(),
  }),
};
