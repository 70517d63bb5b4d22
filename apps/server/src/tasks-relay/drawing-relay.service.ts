// The drawing relay (/mj): submits to Midjourney-proxy channels (types 2 and 5) with per-action
// prices, keeps the task, and serves the caller's tasks and images from the local copy.
import type { FastifyRequest } from 'fastify';
import type { DrawingTaskRow } from '../db/schema';
import { forwardedImageUrl } from '../modules/tasks/drawing-image-url';
import { findChannel } from '../relay/relay.repository';
import { RelayError } from '../relay/relay-errors';
import {
  DRAWING_CHANNEL_TYPES,
  DRAWING_SUBMIT_PATHS,
  type DrawingSubmitPath,
  drawingModel,
  followUpOf,
} from './drawing-actions';
import { ACCEPTED_SUBMIT_CODES, SubmitCode } from './submit-codes';
import { admit, chargeTask, reportUpstream, startTask, type TaskRelayDeps } from './task-admission';
import { findDrawingTask, insertDrawingTask, listDrawingTasksByIds } from './task-relay.repository';
import { asRecord, drawingAuth, getJson, postJson, upstreamUrl } from './task-upstream';

const ACCEPTED_CODES = new Set(ACCEPTED_SUBMIT_CODES);
const MODE_FLAGS = /\s--(fast|relax|turbo)\b/g;

export interface DrawingReply {
  status: number;
  body: unknown;
}

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export class DrawingRelay {
  constructor(private readonly deps: TaskRelayDeps) {}

  async submit(request: FastifyRequest, path: DrawingSubmitPath): Promise<DrawingReply> {
    const { deps } = this;
    const caller = await admit(deps, request);
    const body = { ...asRecord(request.body) };
    const route = DRAWING_SUBMIT_PATHS[path];
    let action: string = route.action ?? '';
    let channelId: number | undefined;
    if (route.followUp) {
      const followUp = followUpOf(path, body);
      if (!followUp) throw new RelayError(400, 'task.badRequest', 'invalid_request');
      const original = await findDrawingTask(deps.db, followUp.taskId, caller.userId);
      if (!original) throw new RelayError(404, 'task.notFound', 'task_not_found');
      action = followUp.action;
      channelId = original.channel_id;
    } else if (action === 'IMAGINE' && !(typeof body.prompt === 'string' && body.prompt.trim())) {
      throw new RelayError(400, 'task.promptRequired', 'prompt_required');
    }
    this.adjustBody(body);

    const task = await startTask(
      deps,
      caller,
      drawingModel(action),
      DRAWING_CHANNEL_TYPES,
      channelId,
    );
    let reply: Awaited<ReturnType<typeof postJson>>;
    try {
      reply = await postJson(upstreamUrl(task.channel, path), body, drawingAuth(task.channel));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await deps.billing.refund(task.reservation);
      await reportUpstream(deps, task.channel, 0, reason);
      throw new RelayError(502, 'task.upstreamFailed', 'upstream_error', { reason });
    }
    await reportUpstream(deps, task.channel, reply.status, reply.text);
    const result = asRecord(reply.body);
    const code = Number(result.code);
    if (reply.status !== 200 || !Number.isInteger(code)) {
      await deps.billing.refund(task.reservation);
      return {
        status: code === SubmitCode.queueFull ? 429 : 400,
        body: { code: reply.status, description: reply.text.slice(0, 500), type: 'upstream_error' },
      };
    }
    const accepted =
      ACCEPTED_CODES.has(code) && typeof result.result === 'string' && result.result !== '';
    const charged = accepted ? await chargeTask(deps, task, action) : 0;
    if (!accepted) await deps.billing.refund(task.reservation);
    const now = deps.now();
    await insertDrawingTask(deps.db, {
      user_id: caller.userId,
      action,
      mj_id: typeof result.result === 'string' ? result.result : '',
      code,
      prompt: typeof body.prompt === 'string' ? body.prompt : '',
      description: typeof result.description === 'string' ? result.description : '',
      status: accepted ? 'SUBMITTED' : 'FAILURE',
      progress: accepted ? '0%' : '100%',
      fail_reason: accepted ? null : String(result.description ?? ''),
      channel_id: task.channel.id,
      quota: charged,
      token_id: caller.tokenId,
      submit_time: now * 1000,
      created_at: now,
      properties: result.properties === undefined ? null : JSON.stringify(result.properties),
    });
    // Clients treat 1 as "submitted"; "already exists" and "queued" are submitted too.
    const shown = ACCEPTED_CODES.has(code) ? SubmitCode.submitted : code;
    return { status: 200, body: { ...result, code: shown } };
  }

  async fetch(request: FastifyRequest, mjId: string): Promise<unknown> {
    const caller = await admit(this.deps, request);
    const task = await findDrawingTask(this.deps.db, mjId, caller.userId);
    if (!task) throw new RelayError(404, 'task.notFound', 'task_not_found');
    return this.view(task);
  }

  /** The proxy's image seed of one of the caller's tasks, asked of the task's channel. */
  async imageSeed(request: FastifyRequest, mjId: string): Promise<DrawingReply> {
    const caller = await admit(this.deps, request);
    const task = await findDrawingTask(this.deps.db, mjId, caller.userId);
    const channel = task ? await findChannel(this.deps.db, task.channel_id) : undefined;
    if (!task || !channel) throw new RelayError(404, 'task.notFound', 'task_not_found');
    const path = `/mj/task/${encodeURIComponent(mjId)}/image-seed`;
    const reply = await getJson(upstreamUrl(channel, path), drawingAuth(channel));
    return {
      status: reply.status,
      body: reply.body ?? { code: reply.status, description: reply.text },
    };
  }

  async listByCondition(request: FastifyRequest): Promise<unknown[]> {
    const caller = await admit(this.deps, request);
    const ids = asRecord(request.body).ids;
    const wanted = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string')
      : [];
    const tasks = await listDrawingTasksByIds(this.deps.db, caller.userId, wanted.slice(0, 100));
    return tasks.map((task) => this.view(task));
  }

  /** The stored image URL of a task, for the unauthenticated image proxy. */
  async imageUrl(mjId: string): Promise<URL | null> {
    const task = await findDrawingTask(this.deps.db, mjId);
    if (!task?.image_url) return null;
    try {
      const url = new URL(task.image_url);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
    } catch {
      return null;
    }
  }

  /** The task in the proxy's own shape, with the image behind /mj/image when forwarding is on. */
  view(task: DrawingTaskRow): Record<string, unknown> {
    return {
      id: task.mj_id,
      action: task.action,
      prompt: task.prompt ?? '',
      promptEn: task.prompt_en ?? '',
      description: task.description ?? '',
      state: task.state ?? '',
      submitTime: task.submit_time,
      startTime: task.start_time,
      finishTime: task.finish_time,
      imageUrl: forwardedImageUrl(this.deps.options, task),
      status: task.status,
      progress: task.progress,
      failReason: task.fail_reason ?? '',
      buttons: parseJson(task.buttons) ?? [],
      properties: parseJson(task.properties) ?? {},
    };
  }

  /** Request body rules of the drawing options (spec §3 Drawing options). */
  private adjustBody(body: Record<string, unknown>): void {
    const { options } = this.deps;
    if (!options.getBool('MjNotifyEnabled')) delete body.notifyHook;
    else if (!body.notifyHook) {
      const address = options.getString('ServerAddress').replace(/\/+$/, '');
      if (address) body.notifyHook = `${address}/mj/notify`;
    }
    if (!options.getBool('MjAccountFilterEnabled')) delete body.accountFilter;
    if (options.getBool('MjModeClearEnabled') && typeof body.prompt === 'string') {
      body.prompt = body.prompt.replace(MODE_FLAGS, '');
    }
  }
}
