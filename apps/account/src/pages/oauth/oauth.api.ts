// GitHub callback: the reply message `bind` means the account was bound, else it signed in.
import { apiGet, http } from '@switchyard/console-kit';
import type { ApiEnvelope, SessionUser } from '@switchyard/contracts';

export async function finishGitHubOAuth(
  code: string,
  state: string,
): Promise<{ bound: boolean; user?: SessionUser }> {
  const reply = await http.get<ApiEnvelope<SessionUser>>('/api/oauth/github', {
    params: { code, state },
  });
  if (reply.data.message === 'bind') return { bound: true };
  return reply.data.data ? { bound: false, user: reply.data.data } : { bound: false };
}

export const wechatLogin = (code: string): Promise<SessionUser> =>
  apiGet<SessionUser>('/api/oauth/wechat', { params: { code } });

export const wechatBind = (code: string): Promise<void> =>
  apiGet<void>('/api/oauth/wechat/bind', { params: { code } });

/** The fields Telegram's widget hands to its callback, sent on as query parameters. */
export type TelegramAuth = Record<string, string | number>;

export const telegramLogin = (auth: TelegramAuth): Promise<SessionUser> =>
  apiGet<SessionUser>('/api/oauth/telegram/login', { params: auth });
