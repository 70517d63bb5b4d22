// Starts GitHub's OAuth flow: a state from the server, then the browser goes to the authorize
// address published in the status (GitHub, or the configured stand-in).
import type { PublicStatus } from '@switchyard/contracts';
import { oauthState } from '../pages/oauth/oauth.api';

export async function startGitHubOAuth(status: PublicStatus): Promise<void> {
  const state = await oauthState();
  const url = new URL('/login/oauth/authorize', status.github_oauth_url || 'https://github.com');
  url.searchParams.set('client_id', status.github_client_id);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', 'user:email');
  url.searchParams.set('redirect_uri', `${window.location.origin}/oauth/github`);
  window.location.assign(url.toString());
}
