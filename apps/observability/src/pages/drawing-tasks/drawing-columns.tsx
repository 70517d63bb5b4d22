// Columns of the drawing task table (spec §2, §4 drawing codes, statuses and actions).

import { Image, Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import type { DrawingTask } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { Duration, TaskProgress } from '../../components/task-cells';
import { TextDetail } from '../../components/text-detail';

const CODE_COLORS: Record<number, string> = { 1: 'green', 21: 'lime', 22: 'orange', 0: 'gray' };
const STATUS_COLORS: Record<string, string> = {
  SUCCESS: 'green',
  FAILURE: 'red',
  IN_PROGRESS: 'blue',
  SUBMITTED: 'arcoblue',
  MODAL: 'orange',
  NOT_START: 'gray',
};

/** A label from a keyed group of texts, or "unknown" for a value the spec does not list. */
const labelOf = (t: TFunction, group: string, key: string | number): string =>
  t(`drawing.${group}.${key}`, { defaultValue: t('drawing.unknown') });

const seconds = (task: DrawingTask): number | null =>
  task.finish_time > 0 && task.submit_time > 0
    ? (task.finish_time - task.submit_time) / 1000
    : null;

export function getDrawingColumns(t: TFunction, admin: boolean): ListColumn<DrawingTask>[] {
  const text = (
    title: string,
    key: 'prompt' | 'prompt_en' | 'fail_reason',
  ): ListColumn<DrawingTask> => ({
    title,
    dataIndex: key,
    render: (value: string) => <TextDetail title={title} text={value} />,
  });
  const columns: (ListColumn<DrawingTask> | false)[] = [
    {
      title: t('drawing.columns.submitTime'),
      dataIndex: 'submit_time',
      render: (ms: number) => formatTime(Math.floor(ms / 1000)),
    },
    {
      title: t('drawing.columns.duration'),
      key: 'duration',
      render: (_: unknown, task) => <Duration seconds={seconds(task)} />,
    },
    admin && {
      title: t('drawing.columns.channel'),
      dataIndex: 'channel_id',
      render: (id: number) => <Tag color="blue">{id}</Tag>,
    },
    {
      title: t('drawing.columns.action'),
      dataIndex: 'action',
      render: (action: string) => <Tag>{labelOf(t, 'actions', action)}</Tag>,
    },
    { title: t('drawing.columns.taskId'), dataIndex: 'mj_id' },
    {
      title: t('drawing.columns.code'),
      dataIndex: 'code',
      render: (code: number) => (
        <Tag color={CODE_COLORS[code] ?? 'gray'}>{labelOf(t, 'codes', code)}</Tag>
      ),
    },
    {
      title: t('drawing.columns.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={STATUS_COLORS[status] ?? 'gray'}>{labelOf(t, 'statuses', status)}</Tag>
      ),
    },
    {
      title: t('drawing.columns.progress'),
      dataIndex: 'progress',
      render: (progress: string) => <TaskProgress progress={progress} />,
    },
    {
      title: t('drawing.columns.image'),
      dataIndex: 'image_url',
      render: (url: string) =>
        url ? (
          <Image
            src={url}
            width={60}
            alt={t('drawing.columns.image')}
            data-testid="drawing-image"
          />
        ) : (
          t('drawing.noImage')
        ),
    },
    text(t('drawing.columns.prompt'), 'prompt'),
    text(t('drawing.columns.promptEn'), 'prompt_en'),
    text(t('drawing.columns.failReason'), 'fail_reason'),
  ];
  return columns.filter((column): column is ListColumn<DrawingTask> => Boolean(column));
}
