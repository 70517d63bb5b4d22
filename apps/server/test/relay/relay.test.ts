// The /v1 relay end to end against a fake OpenAI upstream: admission, endpoints, billing numbers,
// the consume log, model lists and OpenAI-format errors.
import { Role, TokenStatus } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import {
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  tokenBalance,
  userBalance,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;

interface ModelList {
  object: string;
  data: { id: string }[];
}

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, {
    key: 'main-key',
    baseUrl: h.fake.url,
    models: [
      'gpt-4',
      'text-embedding-3-small',
      'gpt-3.5-turbo',
      'tts-1',
      'text-moderation-latest',
      'dall-e-3',
      'whisper-1',
    ],
  });
  await seedChannel(h.db, {
    key: 'vip-key',
    baseUrl: h.fake.url,
    models: ['vip-model'],
    groups: ['vip'],
  });
});

afterAll(() => h.close());

async function post(path: string, body: unknown, authorization?: string) {
  const response = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const chat = (model = 'gpt-4', extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'hi' }],
  ...extra,
});

async function newCaller(quota = 1_000_000, tokenInput = {}) {
  const user = await createUser(h.db, { quota });
  const token = await createToken(h.db, user.id, tokenInput);
  return { user, token };
}

describe('chat completions', () => {
  it('relays a non-stream request and bills the exact cost everywhere', async () => {
    const { user, token } = await newCaller(1_000_000, { unlimited: false, remainQuota: 50_000 });
    const response = await post('/v1/chat/completions', chat(), token.authorization);
    expect(response.status).toBe(200);
    const body = JSON.parse(response.text);
    expect(body.choices[0].message.content).toBe('Hello from the fake upstream');
    const upstream = h.fake.requests.at(-1);
    expect(upstream?.key).toBe('main-key');
    expect(upstream?.path).toBe('/v1/chat/completions');

    // gpt-4: ratio 15, completion ratio 2; fake usage 10 prompt + 5 completion → (10 + 10) × 15.
    const cost = 300;
    const [log] = await waitForLogs(h.db, user.id);
    expect(await userBalance(h.db, user.id)).toMatchObject({
      quota: 1_000_000 - cost,
      used_quota: cost,
      request_count: 1,
    });
    expect(await tokenBalance(h.db, token.id)).toMatchObject({
      remain_quota: 50_000 - cost,
      used_quota: cost,
    });
    expect(log).toMatchObject({
      type: 2,
      username: user.username,
      model_name: 'gpt-4',
      quota: cost,
      prompt_tokens: 10,
      completion_tokens: 5,
      is_stream: 0,
      token_id: token.id,
      token_name: 'test-token',
    });
    expect(log?.created_at).toBeGreaterThan(0);
    const other = JSON.parse(log?.other ?? '{}');
    expect(other).toMatchObject({
      model_ratio: 15,
      model_price: -1,
      completion_ratio: 2,
      group_ratio: 1,
      admin_info: { use_channel: [log?.channel_id] },
    });
    expect(typeof other.frt).toBe('number');
    const channel = await h.db
      .selectFrom('channels')
      .select('used_quota')
      .where('id', '=', Number(log?.channel_id))
      .executeTakeFirstOrThrow();
    expect(channel.used_quota).toBeGreaterThanOrEqual(cost);
  });

  it('streams SSE chunk by chunk, ends with [DONE] and bills the upstream usage', async () => {
    const { user, token } = await newCaller();
    const response = await post(
      '/v1/chat/completions',
      chat('gpt-4', { stream: true }),
      token.authorization,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = response.text.split('\n\n').filter(Boolean);
    expect(frames.at(-1)).toBe('data: [DONE]');
    const text = frames
      .slice(0, -1)
      .map((frame) => JSON.parse(frame.slice(6)))
      .map((chunk) => chunk.choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(text).toBe('Hello from the fake upstream');
    // The gateway asked for usage; the client did not, so no usage-only chunk reaches it.
    expect(response.text).not.toContain('"usage"');
    expect(h.fake.requests.at(-1)?.body).toMatchObject({ stream_options: { include_usage: true } });
    const [log] = await waitForLogs(h.db, user.id);
    expect(log).toMatchObject({
      is_stream: 1,
      quota: 300,
      prompt_tokens: 10,
      completion_tokens: 5,
    });
    expect(JSON.parse(log?.other ?? '{}').frt).toBeGreaterThanOrEqual(0);
  });

  it('counts tokens with the tokenizer when the upstream gives no usage', async () => {
    await seedChannel(h.db, {
      key: 'no-usage-key',
      baseUrl: h.fake.url,
      models: ['gpt-3.5-turbo-0125'],
    });
    h.fake.behave('no-usage-key', { noUsage: true });
    const { user, token } = await newCaller();
    const response = await post(
      '/v1/chat/completions',
      chat('gpt-3.5-turbo-0125'),
      token.authorization,
    );
    expect(response.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id);
    // "hi" as one user message: 3 + 1 (role) + 1 (content) + 3 primer = 8; the reply: 5 tokens.
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5 });
    expect(JSON.parse(log?.other ?? '{}').usage_counted).toBe(true);
    expect((await userBalance(h.db, user.id)).used_quota).toBe(log?.quota);
  });
});

describe('other endpoints', () => {
  it('relays embeddings and bills prompt tokens', async () => {
    const { user, token } = await newCaller();
    const response = await post(
      '/v1/embeddings',
      { model: 'text-embedding-3-small', input: 'hello' },
      token.authorization,
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).data[0].embedding).toEqual([0.1, 0.2, 0.3]);
    const [log] = await waitForLogs(h.db, user.id);
    // 10 prompt tokens × ratio 0.01 = 0.1 → the minimum of 1.
    expect(log).toMatchObject({
      model_name: 'text-embedding-3-small',
      prompt_tokens: 10,
      quota: 1,
    });
  });

  it('relays speech and passes the audio through, billed by input characters', async () => {
    const { user, token } = await newCaller();
    const response = await fetch(`${h.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token.authorization },
      body: JSON.stringify({ model: 'tts-1', input: 'Say this', voice: 'alloy' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('ID3fake-audio');
    const [log] = await waitForLogs(h.db, user.id);
    expect(log).toMatchObject({ model_name: 'tts-1', prompt_tokens: 8 });
  });

  it('prices images by size, quality and count, reserved and charged up front', async () => {
    const { user, token } = await newCaller();
    const response = await post(
      '/v1/images/generations',
      { model: 'dall-e-3', prompt: 'a cat', size: '1024x1792', quality: 'hd', n: 2 },
      token.authorization,
    );
    expect(response.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id);
    // $0.04 per image × 2 (tall size) × 1.5 (hd at that size) × 2 images = $0.24.
    expect(log).toMatchObject({ model_name: 'dall-e-3', quota: 120_000 });
    expect((await userBalance(h.db, user.id)).quota).toBe(1_000_000 - 120_000);
  });

  it('relays an audio transcription upload as multipart and bills the transcript', async () => {
    const { user, token } = await newCaller();
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('RIFFfake-wave-bytes')], { type: 'audio/wav' }),
      'a.wav',
    );
    form.append('model', 'whisper-1');
    const response = await fetch(`${h.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: token.authorization },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Hello from the fake upstream' });
    const upstream = h.fake.requests.at(-1);
    expect(upstream?.path).toBe('/v1/audio/transcriptions');
    expect(String(upstream?.headers['content-type'])).toContain('multipart/form-data');
    expect(String(upstream?.body)).toContain('RIFFfake-wave-bytes');
    const [log] = await waitForLogs(h.db, user.id);
    expect(log).toMatchObject({ model_name: 'whisper-1', completion_tokens: 5 });
  });

  it('defaults the moderation model', async () => {
    const { token } = await newCaller();
    const response = await post('/v1/moderations', { input: 'hello' }, token.authorization);
    expect(response.status).toBe(200);
    expect(h.fake.requests.at(-1)?.body).toMatchObject({ model: 'text-moderation-latest' });
  });

  it('lists the models of the group, narrowed by the token model limits', async () => {
    const { token } = await newCaller(1000, { modelLimits: ['gpt-4', 'vip-model'] });
    const response = await fetch(`${h.url}/v1/models`, {
      headers: { authorization: token.authorization },
    });
    const body = (await response.json()) as ModelList;
    expect(body.object).toBe('list');
    expect(body.data.map((m: { id: string }) => m.id)).toEqual(['gpt-4']);
    const all = await newCaller(1000);
    const full = (await (
      await fetch(`${h.url}/v1/models`, { headers: { authorization: all.token.authorization } })
    ).json()) as ModelList;
    expect(full.data.map((m: { id: string }) => m.id)).toContain('text-embedding-3-small');
    expect(full.data.map((m: { id: string }) => m.id)).not.toContain('vip-model');
  });

  it('answers the OpenAI billing endpoints with the balance', async () => {
    const { token } = await newCaller(1_000_000, { unlimited: false, remainQuota: 250_000 });
    const headers = { authorization: token.authorization };
    const subscription = await (
      await fetch(`${h.url}/v1/dashboard/billing/subscription`, { headers })
    ).json();
    expect(subscription).toMatchObject({ object: 'billing_subscription', hard_limit_usd: 0.5 });
    const usage = await (await fetch(`${h.url}/v1/dashboard/billing/usage`, { headers })).json();
    expect(usage).toEqual({ object: 'list', total_usage: 0 });
  });
});

describe('admission', () => {
  it('refuses unknown, disabled, expired and exhausted tokens with 401 and records the status', async () => {
    expect((await post('/v1/chat/completions', chat(), 'Bearer sk-nope')).status).toBe(401);
    const user = await createUser(h.db, { quota: 1000 });
    const disabled = await createToken(h.db, user.id, { status: TokenStatus.disabled });
    expect((await post('/v1/chat/completions', chat(), disabled.authorization)).status).toBe(401);

    const expired = await createToken(h.db, user.id, { expiredTime: 1000 });
    const expiredReply = await post('/v1/chat/completions', chat(), expired.authorization);
    expect(expiredReply.status).toBe(401);
    expect(JSON.parse(expiredReply.text).error.message).toContain('expired');
    expect((await tokenBalance(h.db, expired.id)).status).toBe(TokenStatus.expired);

    const empty = await createToken(h.db, user.id, { unlimited: false, remainQuota: 0 });
    const emptyReply = await post('/v1/chat/completions', chat(), empty.authorization);
    expect(emptyReply.status).toBe(401);
    // Quota refusals carry OpenAI's insufficient_quota code (no SDK retries it).
    expect(JSON.parse(emptyReply.text).error).toMatchObject({ code: 'insufficient_quota' });
    expect((await tokenBalance(h.db, empty.id)).status).toBe(TokenStatus.exhausted);
  });

  it('accepts the key without sk- and without Bearer', async () => {
    const { token } = await newCaller();
    expect((await post('/v1/chat/completions', chat(), token.key)).status).toBe(200);
    expect((await post('/v1/chat/completions', chat(), `Bearer ${token.key}`)).status).toBe(200);
  });

  it('refuses a banned user (403), an empty quota (403) and a model outside the token limits (403)', async () => {
    const banned = await createUser(h.db, { quota: 1000, status: 2 });
    const bannedToken = await createToken(h.db, banned.id);
    expect((await post('/v1/chat/completions', chat(), bannedToken.authorization)).status).toBe(
      403,
    );

    const poor = await newCaller(0);
    const poorReply = await post('/v1/chat/completions', chat(), poor.token.authorization);
    expect(poorReply.status).toBe(403);
    expect(JSON.parse(poorReply.text).error).toMatchObject({
      code: 'insufficient_quota',
      type: 'insufficient_quota',
    });

    const limited = await newCaller(1000, { modelLimits: ['gpt-3.5-turbo'] });
    const limitedReply = await post(
      '/v1/chat/completions',
      chat('gpt-4'),
      limited.token.authorization,
    );
    expect(limitedReply.status).toBe(403);
    expect(JSON.parse(limitedReply.text).error.message).toContain('gpt-4');
  });

  it('lets only admins pin a channel with sk-<key>-<channelId>', async () => {
    const [main] = await h.db
      .selectFrom('channels')
      .select('id')
      .where('key', '=', 'main-key')
      .execute();
    const common = await newCaller();
    const pinned = `Bearer sk-${common.token.key}-${main?.id}`;
    expect((await post('/v1/chat/completions', chat(), pinned)).status).toBe(403);
    const admin = await createUser(h.db, { quota: 1_000_000, role: Role.admin });
    const adminToken = await createToken(h.db, admin.id);
    const reply = await post(
      '/v1/chat/completions',
      chat(),
      `Bearer sk-${adminToken.key}-${main?.id}`,
    );
    expect(reply.status).toBe(200);
  });

  it('answers 404 model_not_found when no channel serves the model in the group, and writes nothing', async () => {
    const { user, token } = await newCaller();
    const reply = await post('/v1/chat/completions', chat('vip-model'), token.authorization);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text).error.code).toBe('model_not_found');
    expect(JSON.parse(reply.text).error.message).toContain('vip-model');
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: 1_000_000, request_count: 0 });
  });

  it('refuses a prompt with a sensitive word before any upstream call', async () => {
    const { user, token } = await newCaller();
    const before = h.fake.requests.length;
    const reply = await post(
      '/v1/chat/completions',
      chat('gpt-4', { messages: [{ role: 'user', content: 'say test_sensitive now' }] }),
      token.authorization,
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error.code).toBe('sensitive_words_detected');
    expect(h.fake.requests.length).toBe(before);
    expect((await userBalance(h.db, user.id)).quota).toBe(1_000_000);
  });

  it('refuses a bad body with 400 in the OpenAI error format', async () => {
    const { token } = await newCaller();
    const reply = await post('/v1/chat/completions', { model: 'gpt-4' }, token.authorization);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toMatchObject({
      type: 'switchyard_error',
      code: 'invalid_request',
    });
    const negative = await post(
      '/v1/chat/completions',
      chat('gpt-4', { max_tokens: -1 }),
      token.authorization,
    );
    expect(negative.status).toBe(400);
  });
});
