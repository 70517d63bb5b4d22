// Exposed as `observability/LogsPage`.
import '../../i18n';

export { LogsPage } from './logs-page';
