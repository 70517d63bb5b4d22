// Provider sign-in and callbacks (GitHub, OpenID Connect, WeChat, Telegram), from the oauth table,
// loaded on first use (oauth-endpoints.ts). A callback's reply message `bind` means the account was
// bound, else it signed in.
import { callEnvelope, endpointUrl } from '@switchyard/console-kit';
import type { SessionUser, TelegramLogin } from '@switchyard/contracts';

const oauthTable = () => import('./oauth-endpoints');

/** Starts loading the oauth table ahead of a call (when a sign-in dialog opens). */
export const preloadOAuth = async (): Promise<void> => {
  await oauthTable();
};

/** `secondFactor`: the account has one; the sign-in finishes with its code on /login. */
export type OAuthOutcome = { bound: boolean; user?: SessionUser; secondFactor?: boolean };

async function finishOAuth(
  provider: 'github' | 'oidc',
  code: string,
  state: string,
): Promise<OAuthOutcome> {
  const { oauthEndpoints } = await oauthTable();
  const reply = await callEnvelope(oauthEndpoints[provider], { query: { code, state } });
  if (reply.message === 'bind') return { bound: true };
  const data = reply.data;
  if (data && 'require_2fa' in data) return { bound: false, secondFactor: true };
  return data ? { bound: false, user: data } : { bound: false };
}

export const finishGitHubOAuth = (code: string, state: string): Promise<OAuthOutcome> =>
  finishOAuth('github', code, state);

export const finishOidcOAuth = (code: string, state: string): Promise<OAuthOutcome> =>
  finishOAuth('oidc', code, state);

/** A state for a provider's callback, bound to the session when signed in. */
export const oauthState = async (): Promise<string> => (await oauthTable()).oauthApi.state();

/** Where Telegram's widget sends the browser to bind (with a state from oauthState). */
export const telegramBindPath = async (): Promise<string> =>
  endpointUrl((await oauthTable()).oauthEndpoints.telegramBind);

/** The server redirects to the provider (state, nonce and PKCE stay with the server). */
export async function startOidc(bind = false): Promise<void> {
  const start = endpointUrl((await oauthTable()).oauthEndpoints.oidcStart);
  window.location.assign(bind ? `${start}?bind=1` : start);
}

/** The signed-in user, for a callback whose reply carried none. */
export const getSessionUser = async (): Promise<SessionUser> =>
  (await oauthTable()).accountApi.self();

export const wechatLogin = async (code: string): Promise<SessionUser> =>
  (await (await oauthTable()).oauthApi.wechat({ query: { code } })) as SessionUser;

export const wechatBind = async (code: string): Promise<void> =>
  (await oauthTable()).oauthApi.wechatBind({ query: { code } });

/** The fields Telegram's widget hands to its callback, sent on as query parameters. */
export type TelegramAuth = Record<string, string | number>;

export const telegramLogin = async (auth: TelegramAuth): Promise<SessionUser> =>
  (await (
    await oauthTable()
  ).oauthApi.telegramLogin({
    query: auth as unknown as TelegramLogin,
  })) as SessionUser;
