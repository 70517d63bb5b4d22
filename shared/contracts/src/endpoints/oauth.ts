// Third-party sign-in and binding under /api/oauth: GitHub, WeChat, Telegram, OpenID Connect, and
// binding an email address with a mailed code. A callback that binds replies with the message
// `bind` and no data; one that signs in replies with the user, or asks for the second factor.
import { z } from 'zod';
import { emailBindQuerySchema, oauthCodeQuerySchema, telegramLoginQuerySchema } from '../account';
import { sessionUserSchema } from '../users';
import { defineEndpoint, noData } from './define';

const signedIn = z
  .union([sessionUserSchema, z.object({ require_2fa: z.literal(true) })])
  .optional()
  .meta({ description: 'The signed-in user, {require_2fa: true}, or nothing when it bound' });

const telegramBindQuery = telegramLoginQuerySchema.extend({
  state: z.string().meta({ description: 'From GET /api/oauth/state' }),
});
type TelegramBindQuery = z.output<typeof telegramBindQuery>;

export const oauthEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/state',
    summary: "A state for a provider's callback (also set as a cookie), bound to the session",
    role: 'guest',
    reply: z.string(),
  }),
  github: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/github',
    summary: "GitHub's callback: signs in, or binds to the signed-in account",
    role: 'guest',
    query: oauthCodeQuerySchema,
    reply: signedIn,
  }),
  wechat: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/wechat',
    summary: 'Signs in with a code from the WeChat server',
    role: 'guest',
    query: oauthCodeQuerySchema,
    reply: signedIn,
  }),
  wechatBind: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/wechat/bind',
    summary: 'Binds a WeChat account to the caller with a code from the WeChat server',
    role: 'user',
    query: oauthCodeQuerySchema,
    reply: noData,
  }),
  telegramLogin: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/telegram/login',
    summary: "Signs in with the fields Telegram's login widget signed",
    role: 'guest',
    query: telegramLoginQuerySchema,
    reply: signedIn,
  }),
  telegramBind: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/telegram/bind',
    summary: "Telegram's widget sends the browser here to bind; redirects to the settings page",
    role: 'user',
    // Checked by the handler, so that a refusal redirects with its reason (`bind_error`).
    query: telegramBindQuery.catch((context) => context.input as TelegramBindQuery),
    reply: noData,
    redirect: true,
  }),
  oidcStart: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/oidc/start',
    summary: 'Redirects to the OpenID Connect provider (bind=1 to bind to the session)',
    role: 'guest',
    query: z.object({ bind: z.enum(['0', '1']).optional() }),
    reply: noData,
    redirect: true,
  }),
  oidc: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/oidc',
    summary: "The OpenID Connect provider's callback: signs in, or binds to the session",
    role: 'guest',
    query: oauthCodeQuerySchema,
    reply: signedIn,
  }),
  oidcUnbind: defineEndpoint({
    method: 'DELETE',
    path: '/api/oauth/oidc',
    summary: "Removes the caller's OpenID Connect binding",
    role: 'user',
    sessionOnly: true,
    reply: noData,
  }),
  emailBind: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/email/bind',
    summary: 'Binds an email address to the caller with the code mailed to it',
    role: 'user',
    query: emailBindQuerySchema,
    reply: noData,
  }),
};
