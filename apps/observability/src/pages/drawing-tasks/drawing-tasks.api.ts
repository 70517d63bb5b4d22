// Drawing tasks: the tasks table's `drawings` (admin) or `selfDrawings`.
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type { DrawingTask, PagedList } from '@switchyard/contracts';
import { taskEndpoints } from '@switchyard/contracts/endpoints';
import type { TaskPageQuery } from '../../components/task-list-page';

const tasksApi = createEndpointApi(taskEndpoints);

export const fetchDrawingTasks = (
  admin: boolean,
  query: TaskPageQuery,
): Promise<PagedList<DrawingTask>> => {
  const endpoint = admin ? taskEndpoints.drawings : taskEndpoints.selfDrawings;
  const call = admin ? tasksApi.drawings : tasksApi.selfDrawings;
  return call({ query: { ...query, p: endpointPage(endpoint, query.p) } });
};
