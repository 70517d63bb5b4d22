// The TOTP second factor: the second step of a password (or OAuth) sign-in, which the pending
// sign-in cookie ties to the first, and its status, setup, enabling and disabling in personal
// settings (a session cookie only: an access token skips the second factor).
import {
  recoveryCodesReplySchema,
  secondFactorRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupReplySchema,
  twoFactorStatusSchema,
} from '../identity';
import { sessionUserSchema } from '../users';
import { defineEndpoint, noData } from './define';

export const twoFactorEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user/login/2fa',
    summary: 'Finishes a pending sign-in with a TOTP or recovery code: the session user',
    role: 'guest',
    body: secondFactorRequestSchema,
    reply: sessionUserSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/user/2fa',
    summary: 'Whether your second factor is on',
    role: 'user',
    sessionOnly: true,
    reply: twoFactorStatusSchema,
  }),
  setup: defineEndpoint({
    method: 'POST',
    path: '/api/user/2fa/setup',
    summary: 'A new TOTP secret and its otpauth URI, to confirm with enable',
    role: 'user',
    sessionOnly: true,
    reply: twoFactorSetupReplySchema,
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/user/2fa/enable',
    summary: 'Turns the second factor on with a code from the app: the recovery codes, once',
    role: 'user',
    sessionOnly: true,
    body: twoFactorEnableRequestSchema,
    reply: recoveryCodesReplySchema,
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/user/2fa/disable',
    summary: 'Turns the second factor off with a code or a recovery code',
    role: 'user',
    sessionOnly: true,
    body: secondFactorRequestSchema,
    reply: noData,
  }),
};
