// Async tasks: GET /api/task/ (admin) or /api/task/self.
import { apiGet } from '@switchyard/console-kit';
import type { AsyncTask, PagedList } from '@switchyard/contracts';
import type { TaskPageQuery } from '../../components/task-list-page';

export const fetchAsyncTasks = (
  admin: boolean,
  query: TaskPageQuery,
): Promise<PagedList<AsyncTask>> =>
  apiGet(admin ? '/api/task/' : '/api/task/self', { params: query });
