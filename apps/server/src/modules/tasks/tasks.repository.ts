// SQL for the drawing-task (midjourneys) and async-task (tasks) lists: one page plus its total.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AsyncTaskRow, DrawingTaskRow } from '../../db/schema';

export interface TaskFilter {
  userId?: number | undefined;
  channelId?: number | undefined;
  /** mj_id for drawings, task_id for async tasks: exact match. */
  taskId?: string | undefined;
  /** Inclusive bounds on submit_time, in the table's own unit. */
  start?: number | undefined;
  end?: number | undefined;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Both tables share user_id, channel_id, submit_time and id; the query is typed against `tasks`
 * and only the task-id column differs.
 */
async function pageOf<R>(
  db: Db,
  table: 'midjourneys' | 'tasks',
  taskIdColumn: 'mj_id' | 'task_id',
  filter: TaskFilter,
  limit: number,
  offset: number,
): Promise<Page<R>> {
  let query = db.selectFrom(table as 'tasks');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.channelId) query = query.where('channel_id', '=', filter.channelId);
  if (filter.taskId) query = query.where(sql.ref(taskIdColumn), '=', filter.taskId);
  if (filter.start) query = query.where('submit_time', '>=', filter.start);
  if (filter.end) query = query.where('submit_time', '<=', filter.end);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as R[], total: Number(count.total) };
}

export const listDrawingTasks = (db: Db, filter: TaskFilter, limit: number, offset: number) =>
  pageOf<DrawingTaskRow>(db, 'midjourneys', 'mj_id', filter, limit, offset);

export const listAsyncTasks = (db: Db, filter: TaskFilter, limit: number, offset: number) =>
  pageOf<AsyncTaskRow>(db, 'tasks', 'task_id', filter, limit, offset);
