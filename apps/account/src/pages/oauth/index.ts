// Exposed as `account/GitHubOAuthPage`.
import '../../i18n';

export { GitHubOAuthPage } from './github-oauth-page';
