// The channels remote (the channel list and editor). Importing it registers the `channels` strings;
// every page renders inside its RemoteRoot.
import { defineRemote } from '@switchyard/console-kit';
import { channelsEn } from './i18n/channels.en';
import { channelsZh } from './i18n/channels.zh';

export const channelsRemote = defineRemote({
  name: 'channels',
  build: typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev',
  translations: { zh: channelsZh, en: channelsEn },
});

export const { RemoteRoot } = channelsRemote;
