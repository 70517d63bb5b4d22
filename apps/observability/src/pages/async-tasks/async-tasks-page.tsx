// /task: async (music) tasks from the start of today by default.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskListPage } from '../../components/task-list-page';
import { fromStartOfToday } from '../../lib/time';
import { getAsyncTaskColumns } from './async-task-columns';
import { fetchAsyncTasks } from './async-tasks.api';

export function AsyncTasksPage() {
  const { t } = useTranslation('observability');
  const columns = useCallback((admin: boolean) => getAsyncTaskColumns(t, admin), [t]);
  return (
    <TaskListPage
      name="async"
      title={t('asyncTasks.title')}
      idKey="task_id"
      defaultRange={fromStartOfToday}
      fetch={fetchAsyncTasks}
      columns={columns}
    />
  );
}
