// The observability remote (usage logs, the dashboard, drawing and async tasks). Its pages come with their issue;
// until then it exposes only its translation namespace.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'observability',
  exposes: { './i18n': './src/i18n/index.ts' },
  devPort: DEV_PORTS.observability,
});
