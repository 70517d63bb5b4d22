// GitHub callback: the reply message `bind` means the account was bound, else it signed in.
import { http } from '@switchyard/console-kit';
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
