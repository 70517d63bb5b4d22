// Exposed as `settings/OtherSettings`.
import '../../i18n';

export { OtherSettings } from './other-settings';
