// Imported by every exposed page: registers the `channels` translation namespace on the shared i18next.
import { registerTranslations } from '@switchyard/console-kit';
import { channelsEn } from './channels.en';
import { channelsZh } from './channels.zh';

export const CHANNELS_NS = 'channels';

export function registerChannelsTranslations(): void {
  registerTranslations(CHANNELS_NS, { zh: channelsZh, en: channelsEn });
}

registerChannelsTranslations();
