// Provider callbacks (GitHub, OpenID Connect): the reply message `bind` means the account was
// bound, else it signed in.
import { apiGet, http } from '@switchyard/console-kit';
import type { ApiEnvelope, SecondFactorRequired, SessionUser } from '@switchyard/contracts';

/** `secondFactor`: the account has one; the sign-in finishes with its code on /login. */
export type OAuthOutcome = { bound: boolean; user?: SessionUser; secondFactor?: boolean };

async function finishOAuth(url: string, code: string, state: string): Promise<OAuthOutcome> {
  const reply = await http.get<ApiEnvelope<SessionUser | SecondFactorRequired>>(url, {
    params: { code, state },
  });
  if (reply.data.message === 'bind') return { bound: true };
  const data = reply.data.data;
  if (data && 'require_2fa' in data) return { bound: false, secondFactor: true };
  return data ? { bound: false, user: data } : { bound: false };
}

export const finishGitHubOAuth = (code: string, state: string): Promise<OAuthOutcome> =>
  finishOAuth('/api/oauth/github', code, state);

export const finishOidcOAuth = (code: string, state: string): Promise<OAuthOutcome> =>
  finishOAuth('/api/oauth/oidc', code, state);

/** The server redirects to the provider (state, nonce and PKCE stay with the server). */
export function startOidc(bind = false): void {
  window.location.assign(bind ? '/api/oauth/oidc/start?bind=1' : '/api/oauth/oidc/start');
}

export const wechatLogin = (code: string): Promise<SessionUser> =>
  apiGet<SessionUser>('/api/oauth/wechat', { params: { code } });

export const wechatBind = (code: string): Promise<void> =>
  apiGet<void>('/api/oauth/wechat/bind', { params: { code } });

/** The fields Telegram's widget hands to its callback, sent on as query parameters. */
export type TelegramAuth = Record<string, string | number>;

export const telegramLogin = (auth: TelegramAuth): Promise<SessionUser> =>
  apiGet<SessionUser>('/api/oauth/telegram/login', { params: auth });
