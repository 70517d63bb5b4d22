// Drawing tasks: GET /api/mj/ (admin) or /api/mj/self.
import { apiGet } from '@switchyard/console-kit';
import type { DrawingTask, PagedList } from '@switchyard/contracts';
import type { TaskPageQuery } from '../../components/task-list-page';

export const fetchDrawingTasks = (
  admin: boolean,
  query: TaskPageQuery,
): Promise<PagedList<DrawingTask>> =>
  apiGet(admin ? '/api/mj/' : '/api/mj/self', { params: query });
