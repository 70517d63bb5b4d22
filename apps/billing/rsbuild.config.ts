// The billing remote (tokens, redemption codes, wallet and pricing). Its pages come with their issue;
// until then it exposes only its translation namespace.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'billing',
  exposes: { './i18n': './src/i18n/index.ts' },
  devPort: DEV_PORTS.billing,
});
