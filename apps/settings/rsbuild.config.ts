// The settings remote: the operation, system and other tabs of /setting (super admin only).
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'settings',
  exposes: {
    './OperationSettings': './src/pages/operation/index.ts',
    './SystemSettings': './src/pages/system/index.ts',
    './OtherSettings': './src/pages/other/index.ts',
  },
  devPort: DEV_PORTS.settings,
});
