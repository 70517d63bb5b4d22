// The user's own account under /api/user: password sign-in and sign-out, registration, the self
// record, the system access token, the referral code and its transfer, and the models one may use.
// (The admin side is users-admin.ts; the second factor two-factor.ts; sessions sessions.ts.)
import { z } from 'zod';
import { affTransferRequestSchema, turnstileQuerySchema } from '../account';
import { secondFactorRequiredSchema } from '../identity';
import {
  loginRequestSchema,
  registerRequestSchema,
  selfUserSchema,
  sessionUserSchema,
  updateSelfRequestSchema,
} from '../users';
import { defineEndpoint, noData } from './define';

export const userEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user/login',
    summary:
      'Signs in with a password: the session user, or require_2fa when a second step is needed',
    role: 'guest',
    query: turnstileQuerySchema,
    body: loginRequestSchema,
    reply: z.union([sessionUserSchema, secondFactorRequiredSchema]),
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/user/logout',
    summary: 'Ends the current session',
    role: 'guest',
    reply: noData,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/user/register',
    summary: 'Creates an account and signs it in: the session user',
    role: 'guest',
    query: turnstileQuerySchema,
    body: registerRequestSchema,
    reply: sessionUserSchema,
  }),
  self: defineEndpoint({
    method: 'GET',
    path: '/api/user/self',
    summary: 'The signed-in user, without secrets',
    role: 'user',
    reply: selfUserSchema,
  }),
  updateSelf: defineEndpoint({
    method: 'PUT',
    path: '/api/user/self',
    summary: 'Changes your name or password (a new password ends your other sessions)',
    role: 'user',
    body: updateSelfRequestSchema,
    reply: noData,
  }),
  removeSelf: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/self',
    summary: 'Cancels your account and ends the session',
    role: 'user',
    reply: noData,
  }),
  accessToken: defineEndpoint({
    method: 'GET',
    path: '/api/user/token',
    summary: 'Replaces your system access token; the reply shows the new one once',
    role: 'user',
    // An access token must not renew itself: it would outlive a password change and skip the 2FA.
    sessionOnly: true,
    reply: z.string(),
  }),
  affCode: defineEndpoint({
    method: 'GET',
    path: '/api/user/aff',
    summary: 'Your referral code (made on first call)',
    role: 'user',
    reply: z.string(),
  }),
  affTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/user/aff_transfer',
    summary: 'Moves referral earnings into your balance',
    role: 'user',
    body: affTransferRequestSchema,
    reply: noData,
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/user/models',
    summary: "The models your group's channels serve",
    role: 'user',
    reply: z.array(z.string()),
  }),
};
