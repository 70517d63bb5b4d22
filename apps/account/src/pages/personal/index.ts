// Exposed as `account/PersonalSettings`.
import '../../i18n';

export { PersonalSettings } from './personal-settings';
