// Exposed as `observability/StatusPage`.
import '../../i18n';

export { StatusPage } from './status-page';
