// The billing remote: tokens, redemption codes, wallet (redeem and online top-up) and pricing.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'billing',
  exposes: {
    './TokensPage': './src/pages/tokens/index.ts',
    './RedemptionsPage': './src/pages/redemptions/index.ts',
    './WalletPage': './src/pages/wallet/index.ts',
    './PricingPage': './src/pages/pricing/index.ts',
    './PlansPage': './src/pages/plans/plans-page-entry.ts',
    './PlansAdminPage': './src/pages/plans/plans-admin-entry.ts',
    './GettingStarted': './src/pages/getting-started/index.ts',
    './PlaygroundPage': './src/pages/playground/index.ts',
  },
  devPort: DEV_PORTS.billing,
});
