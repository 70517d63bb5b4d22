// English strings of the channels remote (namespace `channels`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { channelsZh } from './channels.zh';

export const channelsEn: TranslationOf<typeof channelsZh> = {};
