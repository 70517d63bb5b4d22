// Exposed as `settings/SystemSettings`.
import '../../i18n';

export { SystemSettings } from './system-settings';
