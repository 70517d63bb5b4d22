// What each native adapter sends, as the provider's fake received it: the OpenAI request's
// system prompt, limits, sampling, images and plugins mapped to each protocol's own fields.
import { ChannelStatus } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { CHANNEL_KEYS } from '../fakes/providers/credentials';
import { channelRow } from '../helpers/channels';
import {
  chat,
  type ProviderCase,
  seedProviderChannel,
  useProviderHarness,
} from '../helpers/provider-channels';

const h = useProviderHarness();

const messages = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'hi' },
];

async function sent(c: ProviderCase, body: Record<string, unknown>) {
  const { alias } = await seedProviderChannel(h, c);
  const reply = await chat(h, alias, body);
  expect(reply.status, reply.text).toBe(200);
  return h.fake.calls.at(-1);
}

const base = { badKey: '' };

describe('requests in each provider protocol', () => {
  it('Baidu: system apart, max_output_tokens, stop list, user_id', async () => {
    const c = {
      ...base,
      name: 'ERNIE req',
      type: 15,
      key: CHANNEL_KEYS.baidu,
      model: 'ERNIE-4.0-8K',
    };
    const call = await sent(c, { messages, max_tokens: 64, stop: 'END', user: 'u1' });
    expect(call?.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro');
    expect(call?.body).toMatchObject({
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hi' }],
      max_output_tokens: 64,
      stop: ['END'],
      user_id: 'u1',
    });
  });

  it('Zhipu v4: a vision model gets the image as bare base64', async () => {
    const c = { ...base, name: 'GLM vision', type: 26, key: CHANNEL_KEYS.zhipu, model: 'glm-4v' };
    const image = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    const call = await sent(c, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'what is it?' }, image] }],
    });
    const sentMessages = (call?.body?.messages ?? []) as { content: unknown[] }[];
    const content = sentMessages[0]?.content;
    expect(content?.[1]).toEqual({ type: 'image_url', image_url: { url: 'iVBORw0KGgo=' } });
  });

  it('DashScope: parameters, and the plugin header from `other`', async () => {
    const c = {
      ...base,
      name: 'Qwen req',
      type: 17,
      key: CHANNEL_KEYS.dashscope,
      model: 'qwen-plus',
      other: '{"pdf_extracter":{}}',
    };
    const call = await sent(c, { messages, temperature: 0.3, max_tokens: 50, seed: 7 });
    expect(call?.headers['x-dashscope-plugin']).toBe('{"pdf_extracter":{}}');
    expect(call?.body).toMatchObject({
      model: 'qwen-plus',
      input: { messages },
      parameters: { result_format: 'message', temperature: 0.3, max_tokens: 50, seed: 7 },
    });
  });

  it('Spark: the version path and its domain', async () => {
    const c = {
      ...base,
      name: 'Spark req',
      type: 18,
      key: CHANNEL_KEYS.spark,
      model: 'SparkDesk-v3.5',
      baseUrl: (fake: typeof h.fake) => fake.wsUrl,
    };
    const call = await sent(c, { messages, max_tokens: 99 });
    expect(call?.path).toBe('/ws/v3.5/chat');
    expect(call?.body).toMatchObject({
      header: { app_id: 'spark-app' },
      parameter: { chat: { domain: 'generalv3.5', max_tokens: 99 } },
      payload: { message: { text: messages } },
    });
  });

  it('Hunyuan: the action headers and capitalised fields', async () => {
    const c = {
      ...base,
      name: 'Hunyuan req',
      type: 23,
      key: CHANNEL_KEYS.hunyuan,
      model: 'hunyuan-pro',
    };
    const call = await sent(c, { messages, temperature: 0.5, top_p: 0.9 });
    expect(call?.headers).toMatchObject({
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
    });
    expect(call?.body).toMatchObject({
      Model: 'hunyuan-pro',
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        { Role: 'user', Content: 'hi' },
      ],
      Temperature: 0.5,
      TopP: 0.9,
    });
  });

  it('Bedrock: the model id path and the Bedrock anthropic_version', async () => {
    const c = {
      ...base,
      name: 'Bedrock req',
      type: 33,
      key: CHANNEL_KEYS.bedrock,
      model: 'claude-3-5-sonnet-20240620',
    };
    const call = await sent(c, { messages, max_tokens: 32 });
    expect(decodeURIComponent(call?.path ?? '')).toBe(
      '/model/anthropic.claude-3-5-sonnet-20240620-v1:0/invoke',
    );
    expect(call?.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 32,
      system: 'Be brief.',
    });
    expect(call?.body).not.toHaveProperty('model');
  });

  it('Cohere: p, stop_sequences and the system turn', async () => {
    const c = {
      ...base,
      name: 'Cohere req',
      type: 34,
      key: CHANNEL_KEYS.cohere,
      model: 'command-r-plus',
    };
    const call = await sent(c, { messages, top_p: 0.8, stop: ['X'] });
    expect(call?.body).toMatchObject({
      model: 'command-r-plus',
      messages,
      p: 0.8,
      stop_sequences: ['X'],
    });
  });

  it('PaLM: context and author-tagged messages', async () => {
    const c = { ...base, name: 'PaLM req', type: 11, key: CHANNEL_KEYS.palm, model: 'PaLM-2' };
    const call = await sent(c, { messages });
    expect(call?.path).toBe('/v1beta2/models/chat-bison-001:generateMessage');
    expect(call?.body).toMatchObject({
      prompt: { context: 'Be brief.', messages: [{ author: '0', content: 'hi' }] },
    });
  });

  it('AI Proxy library: the last user turn as the query, the library from `other`', async () => {
    const c = {
      ...base,
      name: 'Library req',
      type: 21,
      key: CHANNEL_KEYS.aiproxy,
      model: 'gpt-3.5-turbo',
      other: 'lib-42',
    };
    const call = await sent(c, { messages });
    expect(call?.headers['api-key']).toBe(CHANNEL_KEYS.aiproxy);
    expect(call?.body).toMatchObject({ query: 'hi', libraryId: 'lib-42', stream: false });
  });
});

describe("providers' rate limits", () => {
  const LIMITED: ProviderCase[] = [
    { ...base, name: 'ERNIE flood', type: 15, key: CHANNEL_KEYS.baidu, model: 'ERNIE-3.5-8K' },
    { ...base, name: 'ChatGLM flood', type: 16, key: CHANNEL_KEYS.zhipu, model: 'chatglm_turbo' },
    { ...base, name: 'Qwen flood', type: 17, key: CHANNEL_KEYS.dashscope, model: 'qwen-turbo' },
    {
      ...base,
      name: 'Spark flood',
      type: 18,
      key: CHANNEL_KEYS.spark,
      model: 'SparkDesk-v3.1',
      baseUrl: (fake) => fake.wsUrl,
    },
    { ...base, name: 'Hunyuan flood', type: 23, key: CHANNEL_KEYS.hunyuan, model: 'hunyuan-lite' },
    { ...base, name: 'Cohere flood', type: 34, key: CHANNEL_KEYS.cohere, model: 'command-r' },
  ];
  it.each(LIMITED)('$name: 429 to the client, the channel stays enabled', async (c) => {
    const { id, alias } = await seedProviderChannel(h, c);
    for (const stream of [false, true]) {
      const reply = await chat(h, alias, {
        stream,
        messages: [{ role: 'user', content: 'flood' }],
      });
      expect(reply.status, reply.text).toBe(429);
    }
    expect((await channelRow(h.relay.db, id)).status).toBe(ChannelStatus.enabled);
  });
});
