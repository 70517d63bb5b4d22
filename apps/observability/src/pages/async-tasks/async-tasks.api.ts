// Async tasks: the tasks table's `asyncTasks` (admin) or `selfAsyncTasks`.
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type { AsyncTask, PagedList } from '@switchyard/contracts';
import { taskEndpoints } from '@switchyard/contracts/endpoints';
import type { TaskPageQuery } from '../../components/task-list-page';

const tasksApi = createEndpointApi(taskEndpoints);

export const fetchAsyncTasks = (
  admin: boolean,
  query: TaskPageQuery,
): Promise<PagedList<AsyncTask>> => {
  const endpoint = admin ? taskEndpoints.asyncTasks : taskEndpoints.selfAsyncTasks;
  const call = admin ? tasksApi.asyncTasks : tasksApi.selfAsyncTasks;
  return call({ query: { ...query, p: endpointPage(endpoint, query.p) } });
};
