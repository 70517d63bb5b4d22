// Exposed as `settings/OperationSettings`.
import '../../i18n';

export { OperationSettings } from './operation-settings';
