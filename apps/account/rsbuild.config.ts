// The account remote: sign-in pages now; reset, OAuth, personal settings and user administration
// come with the account issue.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'account',
  exposes: {
    './LoginPage': './src/pages/login/index.ts',
    './RegisterPage': './src/pages/register/index.ts',
  },
  devPort: DEV_PORTS.account,
});
