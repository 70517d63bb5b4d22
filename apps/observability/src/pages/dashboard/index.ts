// Exposed as `observability/DashboardPage`.
import '../../i18n';

export { DashboardPage } from './dashboard-page';
