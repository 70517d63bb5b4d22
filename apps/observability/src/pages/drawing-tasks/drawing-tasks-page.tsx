// /midjourney: drawing tasks; admins are told when the drawing callback is off.
import { Alert } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskListPage } from '../../components/task-list-page';
import { DAY, lastSpan } from '../../lib/time';
import { getDrawingColumns } from './drawing-columns';
import { fetchDrawingTasks } from './drawing-tasks.api';

const defaultRange = () => lastSpan(30 * DAY);

export function DrawingTasksPage() {
  const { t } = useTranslation('observability');
  const notifyOn = useSessionStore((state) => Boolean(state.status?.mj_notify_enabled));
  const columns = useCallback((admin: boolean) => getDrawingColumns(t, admin), [t]);
  const banner = useCallback(
    (admin: boolean) =>
      admin && !notifyOn ? (
        <Alert
          type="info"
          content={t('drawing.callbackOff')}
          style={{ marginBottom: 16 }}
          data-testid="drawing-callback-off"
        />
      ) : null,
    [t, notifyOn],
  );
  return (
    <TaskListPage
      name="drawing"
      title={t('drawing.title')}
      idKey="mj_id"
      defaultRange={defaultRange}
      fetch={fetchDrawingTasks}
      columns={columns}
      banner={banner}
    />
  );
}
