// Exposed as `observability/DrawingTasksPage`.
import '../../i18n';

export { DrawingTasksPage } from './drawing-tasks-page';
