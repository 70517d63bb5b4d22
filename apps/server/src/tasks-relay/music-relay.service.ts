// The music relay (/suno): submits music and lyrics tasks to channels of type 36, priced per
// call, keeps the task, and serves the caller's tasks from the local copy.
import type { FastifyRequest } from 'fastify';
import type { AsyncTaskRow } from '../db/schema';
import { RelayError } from '../relay/relay-errors';
import { admit, chargeTask, reportUpstream, startTask, type TaskRelayDeps } from './task-admission';
import { findAsyncTaskOfUser, insertAsyncTask, listAsyncTasksByIds } from './task-relay.repository';
import { asRecord, musicAuth, postJson, upstreamUrl } from './task-upstream';

export const MUSIC_CHANNEL_TYPES = [36] as const;
export const MUSIC_ACTIONS = { music: 'MUSIC', lyrics: 'LYRICS' } as const;
export type MusicAction = keyof typeof MUSIC_ACTIONS;
const DEFAULT_MODEL_VERSION = 'chirp-v3-0';

export const isMusicAction = (value: string): value is MusicAction => value in MUSIC_ACTIONS;

export class MusicRelay {
  constructor(private readonly deps: TaskRelayDeps) {}

  async submit(
    request: FastifyRequest,
    kind: MusicAction,
  ): Promise<{ status: number; body: unknown }> {
    const { deps } = this;
    const caller = await admit(deps, request);
    const body = { ...asRecord(request.body) };
    const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
    if (kind === 'lyrics' && !prompt)
      throw new RelayError(400, 'task.promptRequired', 'prompt_required');
    if (kind === 'music' && !body.mv) body.mv = DEFAULT_MODEL_VERSION;
    // Continuing an earlier song goes to the channel that made it.
    let channelId: number | undefined;
    if (typeof body.task_id === 'string' && body.task_id) {
      const original = await findAsyncTaskOfUser(deps.db, body.task_id, caller.userId);
      if (!original) throw new RelayError(404, 'task.notFound', 'task_not_found');
      channelId = original.channel_id;
    }
    const task = await startTask(deps, caller, `suno_${kind}`, MUSIC_CHANNEL_TYPES, channelId);
    let reply: Awaited<ReturnType<typeof postJson>>;
    try {
      reply = await postJson(
        upstreamUrl(task.channel, `/suno/submit/${kind}`),
        body,
        musicAuth(task.channel),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await deps.billing.refund(task.reservation);
      await reportUpstream(deps, task.channel, 0, reason);
      throw new RelayError(502, 'task.upstreamFailed', 'upstream_error', { reason });
    }
    await reportUpstream(deps, task.channel, reply.status, reply.text);
    const result = asRecord(reply.body);
    const taskId = typeof result.data === 'string' ? result.data : '';
    if (reply.status !== 200 || result.code !== 'success' || !taskId) {
      await deps.billing.refund(task.reservation);
      return {
        status: reply.status >= 400 ? reply.status : 400,
        body: {
          code: 'upstream_error',
          message: String(result.message ?? reply.text.slice(0, 500)),
          data: null,
        },
      };
    }
    const charged = await chargeTask(deps, task, MUSIC_ACTIONS[kind]);
    const now = deps.now();
    await insertAsyncTask(deps.db, {
      created_at: now,
      updated_at: now,
      task_id: taskId,
      platform: 'suno',
      user_id: caller.userId,
      channel_id: task.channel.id,
      quota: charged,
      token_id: caller.tokenId,
      action: MUSIC_ACTIONS[kind],
      status: 'SUBMITTED',
      submit_time: now,
      progress: '0%',
      properties: JSON.stringify({ input: prompt }),
      data: null,
    });
    return { status: 200, body: { code: 'success', message: '', data: taskId } };
  }

  async fetchOne(request: FastifyRequest, taskId: string): Promise<unknown> {
    const caller = await admit(this.deps, request);
    const task = await findAsyncTaskOfUser(this.deps.db, taskId, caller.userId);
    if (!task) throw new RelayError(404, 'task.notFound', 'task_not_found');
    return { code: 'success', message: '', data: musicView(task) };
  }

  async fetchMany(request: FastifyRequest): Promise<unknown> {
    const caller = await admit(this.deps, request);
    const ids = asRecord(request.body).ids;
    const wanted = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string')
      : [];
    const tasks = await listAsyncTasksByIds(this.deps.db, caller.userId, wanted.slice(0, 100));
    return { code: 'success', message: '', data: tasks.map(musicView) };
  }
}

function musicView(task: AsyncTaskRow): Record<string, unknown> {
  let data: unknown = null;
  try {
    data = task.data ? JSON.parse(task.data) : null;
  } catch {
    data = task.data;
  }
  return {
    task_id: task.task_id,
    action: task.action,
    status: task.status,
    fail_reason: task.fail_reason ?? '',
    submit_time: task.submit_time,
    start_time: task.start_time,
    finish_time: task.finish_time,
    progress: task.progress,
    data,
  };
}
