// Exposed as `account/GitHubOAuthPage` and `account/OidcOAuthPage`.
import '../../i18n';

export { GitHubOAuthPage, OidcOAuthPage } from './github-oauth-page';
