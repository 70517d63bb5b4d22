// SQL of the drawing and music relays: task rows written at submit, read back for their owner,
// updated by the poller; failure is claimed once so a refund happens exactly once.
import type { Db } from '../db/database';
import type { AsyncTaskRow, DrawingTaskRow } from '../db/schema';
import { ACCEPTED_SUBMIT_CODES } from './submit-codes';

export async function insertDrawingTask(
  db: Db,
  row: {
    user_id: number;
    action: string;
    mj_id: string;
    code: number;
    prompt: string;
    description: string;
    status: string;
    progress: string;
    fail_reason: string | null;
    channel_id: number;
    quota: number;
    token_id: number;
    submit_time: number;
    created_at: number;
    properties: string | null;
  },
): Promise<void> {
  await db
    .insertInto('midjourneys')
    .values({ ...row, prompt_en: null, state: null, image_url: null, buttons: null })
    .execute();
}

export function findDrawingTask(
  db: Db,
  mjId: string,
  userId?: number,
): Promise<DrawingTaskRow | undefined> {
  let query = db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

export function listDrawingTasksByIds(
  db: Db,
  userId: number,
  ids: readonly string[],
): Promise<DrawingTaskRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', 'in', [...ids])
    .orderBy('id', 'desc')
    .execute();
}

/** Drawing tasks the poller still has to follow (submitted, not finished). */
export function listUnfinishedDrawings(db: Db): Promise<DrawingTaskRow[]> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('progress', '!=', '100%')
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .where('code', 'in', ACCEPTED_SUBMIT_CODES)
    .execute();
}

export type DrawingUpdate = Partial<
  Pick<
    DrawingTaskRow,
    | 'status'
    | 'progress'
    | 'image_url'
    | 'prompt_en'
    | 'description'
    | 'fail_reason'
    | 'start_time'
    | 'finish_time'
    | 'buttons'
    | 'properties'
    | 'state'
  >
>;

/** Applies a non-final update while the task is still open. */
export async function updateOpenDrawing(db: Db, id: number, update: DrawingUpdate): Promise<void> {
  await db
    .updateTable('midjourneys')
    .set(update)
    .where('id', '=', id)
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .execute();
}

/** Moves an open task to its final status; false when another poller (or node) already did. */
export async function finishDrawing(db: Db, id: number, update: DrawingUpdate): Promise<boolean> {
  const result = await db
    .updateTable('midjourneys')
    .set({ ...update, progress: '100%' })
    .where('id', '=', id)
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAsyncTask(
  db: Db,
  row: Omit<AsyncTaskRow, 'id' | 'start_time' | 'finish_time' | 'fail_reason'>,
): Promise<void> {
  await db.insertInto('tasks').values(row).execute();
}

export function findAsyncTaskOfUser(
  db: Db,
  taskId: string,
  userId: number,
): Promise<AsyncTaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function listAsyncTasksByIds(
  db: Db,
  userId: number,
  ids: readonly string[],
): Promise<AsyncTaskRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('task_id', 'in', [...ids])
    .orderBy('id', 'desc')
    .execute();
}

export function listUnfinishedAsyncTasks(db: Db): Promise<AsyncTaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .where('task_id', '!=', '')
    .execute();
}

export type AsyncTaskUpdate = Partial<
  Pick<
    AsyncTaskRow,
    'status' | 'progress' | 'fail_reason' | 'start_time' | 'finish_time' | 'data' | 'updated_at'
  >
>;

export async function updateOpenAsyncTask(
  db: Db,
  id: number,
  update: AsyncTaskUpdate,
): Promise<void> {
  await db
    .updateTable('tasks')
    .set(update)
    .where('id', '=', id)
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .execute();
}

export async function finishAsyncTask(
  db: Db,
  id: number,
  update: AsyncTaskUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({ ...update, progress: '100%' })
    .where('id', '=', id)
    .where('status', 'not in', ['SUCCESS', 'FAILURE'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
