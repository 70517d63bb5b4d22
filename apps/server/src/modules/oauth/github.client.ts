// GitHub's OAuth web flow, server side: exchange the code for a token, then read the user.
export interface GitHubUser {
  id: string;
  login: string;
  name: string;
}

export interface GitHubConfig {
  oauthUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

const TIMEOUT_MS = 10_000;

/** Returns the GitHub user behind an authorization code, or null when GitHub refuses it. */
export async function fetchGitHubUser(
  config: GitHubConfig,
  code: string,
): Promise<GitHubUser | null> {
  const tokenResponse = await fetch(`${config.oauthUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const token = (await tokenResponse.json().catch(() => ({}))) as { access_token?: unknown };
  if (!tokenResponse.ok || typeof token.access_token !== 'string' || !token.access_token) {
    return null;
  }
  const userResponse = await fetch(`${config.apiUrl}/user`, {
    headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!userResponse.ok) return null;
  const user = (await userResponse.json().catch(() => ({}))) as {
    id?: unknown;
    login?: unknown;
    name?: unknown;
  };
  if (typeof user.id !== 'number' && typeof user.id !== 'string') return null;
  const login = typeof user.login === 'string' ? user.login : '';
  return { id: String(user.id), login, name: typeof user.name === 'string' ? user.name : login };
}
