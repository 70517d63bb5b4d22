// Columns of the async task table (spec §4 async task statuses; platform suno; MUSIC, LYRICS).

import { Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import type { AsyncTask } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { Duration, TaskProgress } from '../../components/task-cells';
import { TextDetail } from '../../components/text-detail';

const STATUS_COLORS: Record<string, string> = {
  SUCCESS: 'green',
  FAILURE: 'red',
  IN_PROGRESS: 'blue',
  SUBMITTED: 'arcoblue',
  QUEUED: 'orange',
  NOT_START: 'gray',
  UNKNOWN: 'gray',
};

const seconds = (task: AsyncTask): number | null =>
  task.finish_time > 0 && task.submit_time > 0 ? task.finish_time - task.submit_time : null;

/** Pretty-printed upstream result, or the raw text when it is not JSON. */
function resultText(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

export function getAsyncTaskColumns(t: TFunction, admin: boolean): ListColumn<AsyncTask>[] {
  const columns: (ListColumn<AsyncTask> | false)[] = [
    {
      title: t('asyncTasks.columns.submitTime'),
      dataIndex: 'submit_time',
      render: (value: number) => formatTime(value),
    },
    {
      title: t('asyncTasks.columns.duration'),
      key: 'duration',
      render: (_: unknown, task) => <Duration seconds={seconds(task)} />,
    },
    admin && {
      title: t('asyncTasks.columns.channel'),
      dataIndex: 'channel_id',
      render: (id: number) => <Tag color="blue">{id}</Tag>,
    },
    {
      title: t('asyncTasks.columns.platform'),
      dataIndex: 'platform',
      render: (value: string) => <Tag>{value}</Tag>,
    },
    {
      title: t('asyncTasks.columns.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag>{t(`asyncTasks.actions.${action}`, { defaultValue: action })}</Tag>
      ),
    },
    { title: t('asyncTasks.columns.taskId'), dataIndex: 'task_id' },
    {
      title: t('asyncTasks.columns.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={STATUS_COLORS[status] ?? 'gray'}>
          {t(`asyncTasks.statuses.${status || 'submitting'}`, {
            defaultValue: t('asyncTasks.statuses.UNKNOWN'),
          })}
        </Tag>
      ),
    },
    {
      title: t('asyncTasks.columns.progress'),
      dataIndex: 'progress',
      render: (value: string) => <TaskProgress progress={value} />,
    },
    {
      title: t('asyncTasks.columns.failReason'),
      dataIndex: 'fail_reason',
      render: (value: string) => (
        <TextDetail title={t('asyncTasks.columns.failReason')} text={value} />
      ),
    },
    {
      title: t('asyncTasks.columns.result'),
      dataIndex: 'data',
      render: (value: string) => (
        <TextDetail
          title={t('asyncTasks.columns.result')}
          text={value ? resultText(value) : ''}
          preview={16}
        />
      ),
    },
  ];
  return columns.filter((column): column is ListColumn<AsyncTask> => Boolean(column));
}
