// Exposed as `channels/i18n`: importing it registers the `channels` namespace (see ../remote).
import { channelsRemote } from '../remote';

export const registerChannelsTranslations = channelsRemote.registerTranslations;
