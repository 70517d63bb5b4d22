// Exposed as `channels/ChannelEditPage`.
import '../../i18n';

export { ChannelEditPage } from './channel-edit-page';
