// The channels remote: the channel list and the channel editor (admin only).
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'channels',
  exposes: {
    './ChannelsPage': './src/pages/channels/index.ts',
    './ChannelEditPage': './src/pages/channel-edit/index.ts',
  },
  devPort: DEV_PORTS.channels,
});
