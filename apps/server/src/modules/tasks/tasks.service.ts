// Drawing and async task lists for admins (every user, channel filter) and for the owner.
import type {
  AsyncTask,
  AsyncTaskQuery,
  DrawingTask,
  DrawingTaskQuery,
  PagedList,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { AsyncTaskRow, DrawingTaskRow } from '../../db/schema';
import type { OptionsStore } from '../options/options.store';
import { forwardedImageUrl } from './drawing-image-url';
import { listAsyncTasks, listDrawingTasks, type Page, type TaskFilter } from './tasks.repository';

const MS = 1000;

/** Who is asking: an admin sees every user's tasks and their channels. */
export type TaskViewer = { admin: true } | { admin: false; userId: number };

const common = (row: DrawingTaskRow | AsyncTaskRow) => ({
  id: row.id,
  created_at: row.created_at,
  submit_time: row.submit_time,
  start_time: row.start_time,
  finish_time: row.finish_time,
  channel_id: row.channel_id,
  action: row.action,
  status: row.status,
  progress: row.progress,
  fail_reason: row.fail_reason ?? '',
});

function drawingTask(row: DrawingTaskRow, imageUrl: string): DrawingTask {
  return {
    ...common(row),
    mj_id: row.mj_id,
    code: row.code,
    image_url: imageUrl,
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
  };
}

function asyncTask(row: AsyncTaskRow): AsyncTask {
  return {
    ...common(row),
    platform: row.platform,
    task_id: row.task_id,
    data: row.data ?? '',
  };
}

function hideChannel<T extends { channel_id?: number }>(item: T): T {
  const { channel_id: _hidden, ...rest } = item;
  return rest as T;
}

export class TasksService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsStore,
  ) {}

  /** Query timestamps are unix seconds; drawing rows keep milliseconds. */
  async drawings(viewer: TaskViewer, query: DrawingTaskQuery): Promise<PagedList<DrawingTask>> {
    const filter: TaskFilter = {
      taskId: query.mj_id,
      start: query.start_timestamp && query.start_timestamp * MS,
      end: query.end_timestamp && query.end_timestamp * MS + (MS - 1),
    };
    return this.page(viewer, filter, query, listDrawingTasks, (row) =>
      drawingTask(row, forwardedImageUrl(this.options, row)),
    );
  }

  async asyncTasks(viewer: TaskViewer, query: AsyncTaskQuery): Promise<PagedList<AsyncTask>> {
    const filter: TaskFilter = {
      taskId: query.task_id,
      start: query.start_timestamp,
      end: query.end_timestamp,
    };
    return this.page(viewer, filter, query, listAsyncTasks, asyncTask);
  }

  private async page<R, T extends { channel_id?: number }>(
    viewer: TaskViewer,
    filter: TaskFilter,
    query: { p: number; page_size: number; channel_id?: number | undefined },
    list: (db: Db, filter: TaskFilter, limit: number, offset: number) => Promise<Page<R>>,
    map: (row: R) => T,
  ): Promise<PagedList<T>> {
    const scoped: TaskFilter = viewer.admin
      ? { ...filter, channelId: query.channel_id }
      : { ...filter, userId: viewer.userId };
    const offset = (query.p - 1) * query.page_size;
    const { rows, total } = await list(this.db, scoped, query.page_size, offset);
    const items = rows.map(map).map((item) => (viewer.admin ? item : hideChannel(item)));
    return { items, total, page: query.p, page_size: query.page_size };
  }
}
