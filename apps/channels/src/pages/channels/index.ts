// Exposed as `channels/ChannelsPage`.
import '../../i18n';

export { ChannelsPage } from './channels-page';
