// Exposed as `observability/AsyncTasksPage`.
import '../../i18n';

export { AsyncTasksPage } from './async-tasks-page';
