// The account remote: sign-in, reset, OAuth callback, personal settings and user administration.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'account',
  exposes: {
    './LoginPage': './src/pages/login/index.ts',
    './RegisterPage': './src/pages/register/index.ts',
    './ResetPasswordPage': './src/pages/reset/index.ts',
    './ResetConfirmPage': './src/pages/reset/confirm.ts',
    './GitHubOAuthPage': './src/pages/oauth/index.ts',
    './OidcOAuthPage': './src/pages/oauth/index.ts',
    './PersonalSettings': './src/pages/personal/index.ts',
    './UsersPage': './src/pages/users/index.ts',
    './UserEditPage': './src/pages/user-edit/index.ts',
    './OrganizationPage': './src/pages/organization/index.ts',
    './OrgAcceptPage': './src/pages/organization/accept.ts',
  },
  devPort: DEV_PORTS.account,
});
