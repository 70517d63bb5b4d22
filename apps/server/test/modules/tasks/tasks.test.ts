// Drawing and async task lists: owners see their own tasks without channels; admins see all.
import type { AsyncTask, DrawingTask, PagedList } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAudience } from '../../helpers/audience';
import type { CreatedUser } from '../../helpers/factories';

const cast = useAudience();
const now = Math.floor(Date.now() / 1000);
const DAY = 86400;

const drawing = (user: CreatedUser, mjId: string, submitSeconds: number, channel: number) => ({
  user_id: user.id,
  action: 'IMAGINE',
  mj_id: mjId,
  prompt: `a cat ${mjId}`,
  created_at: submitSeconds,
  submit_time: submitSeconds * 1000,
  status: 'SUCCESS',
  progress: '100%',
  code: 1,
  channel_id: channel,
  image_url: `http://127.0.0.1/${mjId}.png`,
});

const music = (user: CreatedUser, taskId: string, submit: number, channel: number) => ({
  user_id: user.id,
  created_at: submit,
  updated_at: submit,
  task_id: taskId,
  platform: 'suno',
  action: 'MUSIC',
  status: 'IN_PROGRESS',
  progress: '40%',
  submit_time: submit,
  channel_id: channel,
});

beforeAll(async () => {
  await cast.server.db
    .insertInto('midjourneys')
    .values([
      drawing(cast.alice, 'mj-a1', now - 40 * DAY, 2),
      drawing(cast.alice, 'mj-a2', now - DAY, 2),
      drawing(cast.bob, 'mj-b1', now - DAY, 5),
    ])
    .execute();
  await cast.server.db
    .insertInto('tasks')
    .values([music(cast.alice, 'task-a1', now - 60, 36), music(cast.bob, 'task-b1', now - 30, 37)])
    .execute();
});

describe('GET /api/mj/self and /api/mj/', () => {
  it('lists the owner’s drawings without the channel, filtered by time in seconds', async () => {
    const reply = await cast.aliceClient.get<PagedList<DrawingTask>>(
      `/api/mj/self?p=1&page_size=10&start_timestamp=${now - 30 * DAY}&end_timestamp=${now + 3600}&channel_id=5`,
    );
    expect(reply.json.data?.total).toBe(1);
    const [task] = reply.json.data?.items ?? [];
    expect(task).toMatchObject({ mj_id: 'mj-a2', status: 'SUCCESS', progress: '100%' });
    expect(task).not.toHaveProperty('channel_id');
    const all = await cast.aliceClient.get<PagedList<DrawingTask>>('/api/mj/self?p=1&page_size=10');
    expect(all.json.data?.items.map((t) => t.mj_id)).toEqual(['mj-a2', 'mj-a1']);
  });

  it('lets an admin see every drawing with its channel and filter by channel and id', async () => {
    const byChannel = await cast.adminClient.get<PagedList<DrawingTask>>('/api/mj/?channel_id=5');
    expect(byChannel.json.data?.items).toEqual([
      expect.objectContaining({ mj_id: 'mj-b1', channel_id: 5 }),
    ]);
    const byId = await cast.adminClient.get<PagedList<DrawingTask>>('/api/mj/?mj_id=mj-a1');
    expect(byId.json.data?.total).toBe(1);
  });

  it('refuses ordinary users on the admin list', async () => {
    expect((await cast.aliceClient.get('/api/mj/')).status).toBe(403);
  });
});

describe('GET /api/task/self and /api/task/', () => {
  it('lists the owner’s async tasks only', async () => {
    const reply = await cast.aliceClient.get<PagedList<AsyncTask>>(
      `/api/task/self?start_timestamp=${now - 3600}&task_id=task-b1`,
    );
    expect(reply.json.data?.total).toBe(0);
    const own = await cast.aliceClient.get<PagedList<AsyncTask>>('/api/task/self');
    expect(own.json.data?.items).toEqual([
      expect.not.objectContaining({ channel_id: expect.anything() }),
    ]);
    expect(own.json.data?.items[0]).toMatchObject({
      task_id: 'task-a1',
      action: 'MUSIC',
      platform: 'suno',
    });
  });

  it('lets an admin filter by channel', async () => {
    const reply = await cast.adminClient.get<PagedList<AsyncTask>>('/api/task/?channel_id=37');
    expect(reply.json.data?.items.map((t) => [t.task_id, t.channel_id])).toEqual([['task-b1', 37]]);
    expect((await cast.aliceClient.get('/api/task/')).status).toBe(403);
    // A page below the first is the first page (as the reference reads it); text is still a 400.
    const below = await cast.adminClient.get<PagedList<AsyncTask>>('/api/task/?p=-1&channel_id=37');
    expect(below.json.data?.items.map((t) => t.task_id)).toEqual(['task-b1']);
    expect((await cast.adminClient.get('/api/task/?p=x')).status).toBe(400);
  });
});
