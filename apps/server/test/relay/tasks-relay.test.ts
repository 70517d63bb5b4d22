// Drawing (/mj) and music (/suno) relays against a fake proxy on 127.0.0.1: submit and charge,
// progress, success with an image, failure with a refund and a system log (exactly once).
import { LogType } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskPoller } from '../../src/tasks-relay/task-poller';
import {
  FAKE_DRAWING_SECRET,
  FAKE_MUSIC_KEY,
  type FakeTaskUpstream,
  PNG,
  startFakeTaskUpstream,
} from '../fakes/fake-task-upstream';
import type { TestClient } from '../helpers/client';
import { type CreatedUser, createUser } from '../helpers/factories';
import {
  type CreatedToken,
  createToken,
  seedChannel,
  tokenBalance,
  userBalance,
} from '../helpers/relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;
let fake: FakeTaskUpstream;
let alice: CreatedUser;
let bob: CreatedUser;
let aliceToken: CreatedToken;
let bobToken: CreatedToken;
let drawingChannel: number;
let client: TestClient;

const IMAGINE_PRICE = 50_000; // mj_imagine: $0.1
const UPSCALE_PRICE = 25_000; // mj_upscale: $0.05
const MUSIC_PRICE = 50_000; // suno_music: $0.1

const poller = () =>
  new TaskPoller({
    db: server.db,
    options: server.runtime.options,
    now: () => Math.floor(Date.now() / 1000),
  });
const as = (token: CreatedToken) => ({ authorization: token.authorization });

async function imagine(token = aliceToken, prompt = 'a red fox') {
  const reply = await client.post<never>('/mj/submit/imagine', { prompt }, as(token));
  return {
    status: reply.status,
    body: reply.body<{ code: number; result: string; description: string }>(),
  };
}

const drawingRow = (mjId: string) =>
  server.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('mj_id', '=', mjId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  server = await ctx.start();
  fake = await startFakeTaskUpstream();
  client = server.client();
  alice = await createUser(server.db, { quota: 1_000_000 });
  bob = await createUser(server.db, { quota: 1_000_000 });
  aliceToken = await createToken(server.db, alice.id, { unlimited: false, remainQuota: 800_000 });
  bobToken = await createToken(server.db, bob.id);
  drawingChannel = await seedChannel(server.db, {
    type: 2,
    key: FAKE_DRAWING_SECRET,
    baseUrl: fake.url,
    models: ['mj_imagine', 'mj_upscale'],
  });
  await seedChannel(server.db, {
    type: 36,
    key: FAKE_MUSIC_KEY,
    baseUrl: fake.url,
    models: ['suno_music', 'suno_lyrics'],
  });
  // A chat channel offering a drawing model must never be handed a drawing.
  await seedChannel(server.db, {
    type: 1,
    key: 'chat',
    baseUrl: fake.url,
    models: ['mj_describe'],
  });
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
});

describe('drawing relay', () => {
  it('submits, charges the per-action price with a consume log and keeps the task', async () => {
    const before = await userBalance(server.db, alice.id);
    const { status, body } = await imagine();
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(fake.submits.at(-1)).toMatchObject({
      path: '/mj/submit/imagine',
      body: { prompt: 'a red fox' },
    });
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota - IMAGINE_PRICE);
    const task = await drawingRow(body.result);
    expect(task).toMatchObject({
      user_id: alice.id,
      action: 'IMAGINE',
      status: 'SUBMITTED',
      code: 1,
      quota: IMAGINE_PRICE,
      channel_id: drawingChannel,
    });
    const log = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('model_name', '=', 'mj_imagine')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      type: LogType.consume,
      quota: IMAGINE_PRICE,
      channel_id: drawingChannel,
      user_id: alice.id,
    });
  });

  it('follows progress and success, and serves the image through /mj/image', async () => {
    const { body } = await imagine(aliceToken, 'a blue whale');
    fake.setDrawing(body.result, { status: 'IN_PROGRESS', progress: '40%' });
    await poller().pollOnce();
    expect(await drawingRow(body.result)).toMatchObject({ status: 'IN_PROGRESS', progress: '40%' });

    fake.setDrawing(body.result, {
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${fake.url}/images/whale.png`,
      promptEn: 'a blue whale',
    });
    await poller().pollOnce();
    const fetched = await client.get(`/mj/task/${body.result}/fetch`, as(aliceToken));
    expect(fetched.body()).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `/mj/image/${body.result}`,
      promptEn: 'a blue whale',
    });
    const image = await server.app.inject({ method: 'GET', url: `/mj/image/${body.result}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await client.get(`/mj/task/${body.result}/fetch`, as(bobToken))).status).toBe(404);
  });

  it('refunds a failed task once, with a system log, even when two pollers see it', async () => {
    const { body } = await imagine(aliceToken, 'a forbidden thing');
    const before = await userBalance(server.db, alice.id);
    const tokenBefore = await tokenBalance(server.db, aliceToken.id);
    fake.setDrawing(body.result, {
      status: 'FAILURE',
      progress: '100%',
      failReason: 'banned prompt',
    });
    await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(await drawingRow(body.result)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'banned prompt',
      progress: '100%',
    });
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota + IMAGINE_PRICE);
    expect((await tokenBalance(server.db, aliceToken.id)).remain_quota).toBe(
      tokenBefore.remain_quota + IMAGINE_PRICE,
    );
    const refunds = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', LogType.system)
      .where('content', 'like', `%${body.result}%`)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.user_id).toBe(alice.id);
    await poller().pollOnce();
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota + IMAGINE_PRICE);
  });

  it('charges "queued" (22) as submitted and does not charge "not submitted" (0)', async () => {
    fake.nextDrawingCode(22, 'queued');
    const queued = await imagine(aliceToken, 'a queued cat');
    expect(queued.body.code).toBe(1);
    expect((await drawingRow(queued.body.result)).quota).toBe(IMAGINE_PRICE);
    fake.setDrawing(queued.body.result, { status: 'IN_PROGRESS', progress: '10%' });
    await poller().pollOnce();
    expect((await drawingRow(queued.body.result)).progress).toBe('10%');

    const before = await userBalance(server.db, alice.id);
    fake.nextDrawingCode(0, 'not submitted');
    const refused = await imagine(aliceToken, 'a refused cat');
    expect(refused.body).toMatchObject({ code: 0, description: 'not submitted' });
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota);
    const row = await server.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('prompt', '=', 'a refused cat')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 0, status: 'FAILURE', quota: 0 });
  });

  it('sends a follow-up to its task’s channel, only for the task’s owner', async () => {
    const { body } = await imagine(aliceToken, 'a green frog');
    const change = { action: 'UPSCALE', index: 1, taskId: body.result };
    const stranger = await client.post('/mj/submit/change', change, as(bobToken));
    expect(stranger.status).toBe(404);
    const before = await userBalance(server.db, alice.id);
    const reply = await client.post('/mj/submit/change', change, as(aliceToken));
    expect(reply.status).toBe(200);
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota - UPSCALE_PRICE);
    expect(fake.submits.at(-1)?.path).toBe('/mj/submit/change');
  });

  it('answers under a mode prefix (dropped upstream) and serves the owner’s image seed', async () => {
    const reply = await client.post(
      '/mj-fast/mj/submit/imagine',
      { prompt: 'a fast owl' },
      as(aliceToken),
    );
    expect(reply.status).toBe(200);
    expect(fake.submits.at(-1)?.path).toBe('/mj/submit/imagine');
    expect(
      (await client.post('/api/mj/submit/imagine', { prompt: 'x' }, as(aliceToken))).status,
    ).toBe(404);
    const mjId = reply.body<{ result: string }>().result;
    const seed = await client.get(`/mj/task/${mjId}/image-seed`, as(aliceToken));
    expect(seed.body()).toEqual({ code: 1, description: '', result: `seed-${mjId}` });
    expect((await client.get(`/mj/task/${mjId}/image-seed`, as(bobToken))).status).toBe(404);
  });

  it('refunds when the proxy refuses the key, and the channel is disabled under the auto-disable rule', async () => {
    const options = server.runtime.options;
    await options.set('AutomaticDisableChannelEnabled', 'true');
    try {
      const broken = await seedChannel(server.db, {
        type: 5,
        key: 'wrong-secret',
        baseUrl: fake.url,
        models: ['mj_shorten'],
      });
      const before = await userBalance(server.db, alice.id);
      const reply = await client.post(
        '/mj/submit/shorten',
        { prompt: 'a long prompt' },
        as(aliceToken),
      );
      expect(reply.status).toBe(400);
      expect(reply.body<{ type: string }>().type).toBe('upstream_error');
      expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota);
      const channel = await server.db
        .selectFrom('channels')
        .select('status')
        .where('id', '=', broken)
        .executeTakeFirstOrThrow();
      expect(channel.status).toBe(3);
    } finally {
      await options.set('AutomaticDisableChannelEnabled', 'false');
    }
  });

  it('refuses a missing token, an empty prompt and a model only a chat channel offers', async () => {
    const anonymous = await client.post('/mj/submit/imagine', { prompt: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body<{ description: string }>().description).toBeTruthy();
    expect((await client.post('/mj/submit/imagine', { prompt: ' ' }, as(aliceToken))).status).toBe(
      400,
    );
    const describe = await client.post('/mj/submit/describe', { base64: 'data:' }, as(aliceToken));
    expect(describe.status).toBe(503);
  });
});

describe('music relay', () => {
  const submitMusic = async (prompt: string) => {
    const reply = await client.post('/suno/submit/music', { prompt }, as(aliceToken));
    expect(reply.status).toBe(200);
    return reply.body<{ code: string; data: string }>().data;
  };
  const taskRow = (taskId: string) =>
    server.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();

  it('submits music with the default model version, charges it and follows it to success', async () => {
    const before = await userBalance(server.db, alice.id);
    const taskId = await submitMusic('a song about foxes');
    expect(fake.submits.at(-1)).toMatchObject({
      path: '/suno/submit/music',
      body: { mv: 'chirp-v3-0' },
    });
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota - MUSIC_PRICE);
    expect(await taskRow(taskId)).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: 'SUBMITTED',
      quota: MUSIC_PRICE,
    });

    fake.setMusic(taskId, { status: 'IN_PROGRESS', progress: '50%' });
    await poller().pollOnce();
    expect(await taskRow(taskId)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    fake.setMusic(taskId, {
      status: 'SUCCESS',
      data: [{ title: 'Foxes', audio_url: 'http://127.0.0.1/a.mp3' }],
    });
    await poller().pollOnce();
    expect(await taskRow(taskId)).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    const fetched = await client.get(`/suno/fetch/${taskId}`, as(aliceToken));
    expect(fetched.body()).toMatchObject({
      code: 'success',
      data: { status: 'SUCCESS', data: [{ title: 'Foxes' }] },
    });
    expect((await client.get(`/suno/fetch/${taskId}`, as(bobToken))).status).toBe(404);
  });

  it('refunds a failed music task once with a system log', async () => {
    const taskId = await submitMusic('a song that fails');
    const before = await userBalance(server.db, alice.id);
    fake.setMusic(taskId, { status: 'FAILURE', fail_reason: 'content policy' });
    await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'content policy',
    });
    expect((await userBalance(server.db, alice.id)).quota).toBe(before.quota + MUSIC_PRICE);
    const logs = await server.db
      .selectFrom('logs')
      .select('content')
      .where('type', '=', LogType.system)
      .where('content', 'like', `%${taskId}%`)
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('needs a prompt for lyrics and refuses unknown actions', async () => {
    expect((await client.post('/suno/submit/lyrics', {}, as(aliceToken))).status).toBe(400);
    expect((await client.post('/suno/submit/video', { prompt: 'x' }, as(aliceToken))).status).toBe(
      404,
    );
  });
});
