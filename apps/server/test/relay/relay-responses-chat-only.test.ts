// Responses clients on an OpenAI-type channel whose upstream speaks chat completions only (how
// most OpenAI-compatible servers are added, issue 28): the first request finds /v1/responses
// missing (404) and is translated to chat on the same channel, no client seeing the probe; the
// channel remembers and is translated from then on, asked again after a day; the channel editor's
// "Responses API" setting fixes it to native or translate. Driven by the official `openai` SDK
// and the AI SDK's default `openai()` provider (Responses API).
import { createOpenAI } from '@ai-sdk/openai';
import { channelInfoOf } from '@switchyard/contracts';
import { generateText } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { invalidateChannelCandidates } from '../../src/relay/candidate-cache';
import { type ModelFake, startModelFake } from '../fakes/providers/model-fakes';
import { GREETING, TOOL_ARGS, TOOL_NAME } from '../fakes/providers/scenario';
import { signInAdmin } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { createUser } from '../helpers/factories';
import { WEATHER_PARAMETERS } from '../helpers/matrix-scenarios';
import { createToken, seedChannel, waitForLogs } from '../helpers/relay-fixtures';
import { createTestContext, type TestServer } from '../helpers/server';
import { useHarness } from '../helpers/use-harness';

const MODEL = 'gpt-4.1-mini';

interface Setup {
  server: TestServer;
  url: string;
  fake: ModelFake;
  channelId: number;
  admin: TestClient;
  userId: number;
  key: string;
  close(): Promise<void>;
}

async function start(): Promise<Setup> {
  const context = await createTestContext();
  const server = await context.start();
  const fake = await startModelFake('openai', { chatOnly: true });
  const channelId = await seedChannel(server.db, {
    type: 1,
    key: 'key-vllm',
    name: 'chat-only compatible server',
    baseUrl: fake.url,
    models: [MODEL],
  });
  const user = await createUser(server.db, { quota: 100_000_000 });
  const token = await createToken(server.db, user.id);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    fake,
    channelId,
    admin: await signInAdmin(server),
    userId: user.id,
    key: `sk-${token.key}`,
    close: async () => {
      await fake.close();
      await context.close();
    },
  };
}

describe('Responses on a chat-only OpenAI-type channel', () => {
  const h = useHarness(start);
  const client = () =>
    new OpenAI({ apiKey: h.key, baseURL: `${h.url}/v1`, maxRetries: 0, timeout: 10_000 });
  /** The paths the upstream was asked since `from`. */
  const pathsSince = (from: number) => h.fake.calls.slice(from).map((call) => call.path);
  const otherInfo = async () =>
    channelInfoOf(
      (
        await h.server.db
          .selectFrom('channels')
          .select('other_info')
          .where('id', '=', h.channelId)
          .executeTakeFirstOrThrow()
      ).other_info,
    );
  const setInfo = (info: Record<string, unknown>) =>
    h.server.db
      .updateTable('channels')
      .set({ other_info: JSON.stringify(info) })
      .where('id', '=', h.channelId)
      .execute()
      .then(invalidateChannelCandidates);

  it('answers the first request through chat, unseen, and remembers the channel is chat-only', async () => {
    const from = h.fake.calls.length;
    const response = await client().responses.create({ model: MODEL, input: 'Hello' });
    expect(response.output_text).toBe(GREETING);
    expect(response.status).toBe('completed');
    expect(response.usage?.input_tokens).toBe(40);
    expect(pathsSince(from)).toEqual(['/v1/responses', '/v1/chat/completions']);
    const checked = (await otherInfo()).responses_checked;
    expect(checked?.native).toBe(false);
    const logs = await waitForLogs(h.server.db, h.userId, 1);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.quota).toBeGreaterThan(0);
  });

  it('goes straight to chat from then on: streams and tool calls', async () => {
    const from = h.fake.calls.length;
    const stream = await client().responses.create({ model: MODEL, input: 'Hi', stream: true });
    let text = '';
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe(GREETING);
    const called = await client().responses.create({
      model: MODEL,
      input: 'Weather in Paris?',
      tools: [{ type: 'function', name: TOOL_NAME, parameters: WEATHER_PARAMETERS, strict: false }],
    });
    const call = called.output.find((item) => item.type === 'function_call');
    expect(call && JSON.parse(call.arguments)).toEqual(TOOL_ARGS);
    expect(pathsSince(from)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it("serves the AI SDK's default openai() provider (the Responses API)", async () => {
    const openai = createOpenAI({ baseURL: `${h.url}/v1`, apiKey: h.key });
    const from = h.fake.calls.length;
    const result = await generateText({ model: openai(MODEL), prompt: 'Hello', maxRetries: 0 });
    expect(result.text).toBe(GREETING);
    expect(pathsSince(from)).toEqual(['/v1/chat/completions']);
  });

  it('asks the upstream again once the answer is a day old', async () => {
    const dayAgo = Math.floor(Date.now() / 1000) - 86_400 - 60;
    await setInfo({ responses_checked: { native: false, at: dayAgo } });
    const from = h.fake.calls.length;
    const response = await client().responses.create({ model: MODEL, input: 'Hello' });
    expect(response.output_text).toBe(GREETING);
    expect(pathsSince(from)).toEqual(['/v1/responses', '/v1/chat/completions']);
    expect((await otherInfo()).responses_checked?.at).toBeGreaterThan(dayAgo);
  });

  it('follows the setting of the channel editor: translate never asks, native passes the 404 on', async () => {
    const put = (mode: string) =>
      h.admin.put('/api/channel/', { id: h.channelId, responses_api: mode });
    await setInfo({});
    expect((await put('translate')).json.success).toBe(true);
    const got = await h.admin.get<{ responses_api: string }>(`/api/channel/${h.channelId}`);
    expect(got.json.data?.responses_api).toBe('translate');
    let from = h.fake.calls.length;
    await client().responses.create({ model: MODEL, input: 'Hello' });
    expect(pathsSince(from)).toEqual(['/v1/chat/completions']);

    expect((await put('native')).json.success).toBe(true);
    from = h.fake.calls.length;
    const refused = await client()
      .responses.create({ model: MODEL, input: 'Hello' })
      .then(
        () => 0,
        (error: { status?: number }) => error.status ?? -1,
      );
    expect(refused).toBe(404);
    expect(pathsSince(from)).toEqual(['/v1/responses']);

    expect((await put('sometimes')).status).toBe(400);
    expect((await put('auto')).json.success).toBe(true);
    expect((await otherInfo()).responses_api).toBe('auto');
  });
});
