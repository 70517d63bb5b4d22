// Follows submitted drawing and music tasks: every POLL_INTERVAL asks each channel for its open
// tasks, writes progress, and on failure refunds the charge with a system log. The final status is
// claimed by a guarded UPDATE, so a refund happens once even with several nodes polling.
import { LogType, QUOTA_PER_DOLLAR, renderQuota } from '@switchyard/contracts';
import type { AsyncTaskRow, DrawingTaskRow } from '../db/schema';
import { logContent } from '../i18n/log-content';
import { insertLogs } from '../modules/logs/logs.repository';
import { findChannel, refundQuota } from '../relay/relay.repository';
import type { TaskRelayDeps } from './task-admission';
import {
  type AsyncTaskUpdate,
  type DrawingUpdate,
  finishAsyncTask,
  finishDrawing,
  listUnfinishedAsyncTasks,
  listUnfinishedDrawings,
  updateOpenAsyncTask,
  updateOpenDrawing,
} from './task-relay.repository';
import { asRecord, drawingAuth, musicAuth, postJson, upstreamUrl } from './task-upstream';

export const POLL_INTERVAL_MS = 15_000;
/** A drawing still open after this long is failed (and refunded). */
export const DRAWING_TIMEOUT_SECONDS = 3600;

type Deps = Pick<TaskRelayDeps, 'db' | 'options' | 'now'> & { onError?: (error: unknown) => void };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;

function groupByChannel<T extends { channel_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.channel_id, [...(groups.get(row.channel_id) ?? []), row]);
  return groups;
}

/** What the proxy reports about a drawing, as column updates. */
function drawingUpdateOf(reported: Record<string, unknown>): DrawingUpdate {
  const update: DrawingUpdate = {
    status: text(reported.status),
    progress: text(reported.progress),
    image_url: text(reported.imageUrl),
    prompt_en: text(reported.promptEn),
    description: text(reported.description),
    fail_reason: text(reported.failReason),
    start_time: int(reported.startTime),
    finish_time: int(reported.finishTime),
    state: text(reported.state),
    buttons: reported.buttons === undefined ? undefined : JSON.stringify(reported.buttons),
    properties: reported.properties === undefined ? undefined : JSON.stringify(reported.properties),
  };
  return Object.fromEntries(
    Object.entries(update).filter(([, v]) => v !== undefined),
  ) as DrawingUpdate;
}

function asyncUpdateOf(reported: Record<string, unknown>, now: number): AsyncTaskUpdate {
  const update: AsyncTaskUpdate = {
    status: text(reported.status),
    progress: text(reported.progress),
    fail_reason: text(reported.fail_reason),
    start_time: int(reported.start_time),
    finish_time: int(reported.finish_time),
    data: reported.data === undefined ? undefined : JSON.stringify(reported.data),
    updated_at: now,
  };
  return Object.fromEntries(
    Object.entries(update).filter(([, v]) => v !== undefined),
  ) as AsyncTaskUpdate;
}

export class TaskPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: Deps) {}

  start(): void {
    this.timer = setInterval(
      () => void this.pollOnce().catch((e) => this.deps.onError?.(e)),
      POLL_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass over every open task (a pass already under way is joined, not doubled). */
  pollOnce(): Promise<void> {
    this.running ??= Promise.all([this.pollDrawings(), this.pollMusic()])
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Brings one drawing up to date now (the proxy's notify callback says it changed). */
  async refreshDrawing(task: DrawingTaskRow): Promise<void> {
    await this.pollDrawingChannel(task.channel_id, [task]);
  }

  private async pollDrawings(): Promise<void> {
    const open = await listUnfinishedDrawings(this.deps.db);
    for (const [channelId, tasks] of groupByChannel(open)) {
      await this.pollDrawingChannel(channelId, tasks).catch((e) => this.deps.onError?.(e));
    }
  }

  private async pollDrawingChannel(channelId: number, tasks: DrawingTaskRow[]): Promise<void> {
    const now = this.deps.now();
    const channel = await findChannel(this.deps.db, channelId);
    let reported = new Map<string, Record<string, unknown>>();
    if (channel) {
      const reply = await postJson(
        upstreamUrl(channel, '/mj/task/list-by-condition'),
        { ids: tasks.map((task) => task.mj_id) },
        drawingAuth(channel),
      );
      const list = Array.isArray(reply.body) ? reply.body.map(asRecord) : [];
      reported = new Map(list.map((item) => [String(item.id ?? ''), item]));
    }
    for (const task of tasks) {
      const item = reported.get(task.mj_id);
      const update = item ? drawingUpdateOf(item) : {};
      const status = update.status ?? task.status;
      if (status === 'FAILURE') {
        await this.failDrawing(task, update);
      } else if (status === 'SUCCESS') {
        await finishDrawing(this.deps.db, task.id, {
          ...update,
          finish_time: update.finish_time || now * 1000,
        });
      } else if (now - Math.floor(task.submit_time / 1000) > DRAWING_TIMEOUT_SECONDS) {
        await this.failDrawing(task, { ...update, fail_reason: 'upstream timeout > 1h' });
      } else if (Object.keys(update).length > 0) {
        await updateOpenDrawing(this.deps.db, task.id, update);
      }
    }
  }

  private async failDrawing(task: DrawingTaskRow, update: DrawingUpdate): Promise<void> {
    const claimed = await finishDrawing(this.deps.db, task.id, {
      ...update,
      status: 'FAILURE',
      finish_time: update.finish_time || this.deps.now() * 1000,
    });
    if (claimed) await this.refund(task, 'task.drawingRefund', task.mj_id);
  }

  private async pollMusic(): Promise<void> {
    const open = await listUnfinishedAsyncTasks(this.deps.db);
    for (const [channelId, tasks] of groupByChannel(open)) {
      await this.pollMusicChannel(channelId, tasks).catch((e) => this.deps.onError?.(e));
    }
  }

  private async pollMusicChannel(channelId: number, tasks: AsyncTaskRow[]): Promise<void> {
    const channel = await findChannel(this.deps.db, channelId);
    if (!channel) return;
    const reply = await postJson(
      upstreamUrl(channel, '/suno/fetch'),
      { ids: tasks.map((task) => task.task_id) },
      musicAuth(channel),
    );
    const list = Array.isArray(asRecord(reply.body).data)
      ? (asRecord(reply.body).data as unknown[]).map(asRecord)
      : [];
    const reported = new Map(list.map((item) => [String(item.task_id ?? ''), item]));
    const now = this.deps.now();
    for (const task of tasks) {
      const item = reported.get(task.task_id);
      if (!item) continue;
      const update = asyncUpdateOf(item, now);
      if (update.status === 'FAILURE') {
        const claimed = await finishAsyncTask(this.deps.db, task.id, {
          ...update,
          finish_time: update.finish_time || now,
        });
        if (claimed) await this.refund(task, 'task.musicRefund', task.task_id);
      } else if (update.status === 'SUCCESS') {
        await finishAsyncTask(this.deps.db, task.id, {
          ...update,
          finish_time: update.finish_time || now,
        });
      } else {
        await updateOpenAsyncTask(this.deps.db, task.id, update);
      }
    }
  }

  /** Gives a failed task's charge back to the user and token, and says so in a system log. */
  private async refund(
    task: { user_id: number; quota: number; token_id: number },
    key: 'task.drawingRefund' | 'task.musicRefund',
    id: string,
  ): Promise<void> {
    if (task.quota <= 0) return;
    const { db, options } = this.deps;
    await refundQuota(db, task.user_id, task.token_id, task.quota);
    const user = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', task.user_id)
      .executeTakeFirst();
    const display = {
      displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.getNumber('QuotaPerUnit') || QUOTA_PER_DOLLAR,
    };
    await insertLogs(db, [
      {
        user_id: task.user_id,
        username: user?.username ?? '',
        created_at: this.deps.now(),
        type: LogType.system,
        content: logContent(key, { id, quota: renderQuota(task.quota, display) }),
        token_name: '',
        model_name: '',
        quota: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: 0,
        is_stream: 0,
        channel_id: 0,
        token_id: 0,
        other: null,
      },
    ]);
  }
}
