// Every native provider protocol through the relay against its loopback fake, which checks the
// credentials the provider's way: chat and stream billed from the provider's usage, a refused key
// disabling the channel, the channel test storing a response time, and tool calls where the
// provider has them.
import { describe, expect, it } from 'vitest';
import { CHANNEL_KEYS } from '../fakes/providers/credentials';
import { REPLY_TEXT, TOOL_CALL } from '../fakes/providers/wire';
import {
  chat,
  expectBadKeyDisables,
  expectChannelTest,
  expectChatAndStream,
  type ProviderCase,
  seedProviderChannel,
  useProviderHarness,
} from '../helpers/provider-channels';

const CASES: (ProviderCase & { tools?: boolean; reply?: string })[] = [
  {
    name: 'PaLM',
    type: 11,
    key: CHANNEL_KEYS.palm,
    badKey: 'wrong',
    model: 'PaLM-2',
    counted: true,
  },
  {
    name: 'Baidu ERNIE',
    type: 15,
    key: CHANNEL_KEYS.baidu,
    badKey: 'baidu-ak|wrong',
    model: 'ERNIE-3.5-8K',
    tools: true,
  },
  {
    name: 'Zhipu v3',
    type: 16,
    key: CHANNEL_KEYS.zhipu,
    badKey: 'zhipu-id.wrong',
    model: 'chatglm_turbo',
  },
  {
    name: 'Zhipu v4',
    type: 26,
    key: CHANNEL_KEYS.zhipu,
    badKey: 'zhipu-id.wrong',
    model: 'glm-4',
    tools: true,
  },
  {
    name: 'DashScope',
    type: 17,
    key: CHANNEL_KEYS.dashscope,
    badKey: 'sk-wrong',
    model: 'qwen-turbo',
    tools: true,
  },
  {
    name: 'Spark',
    type: 18,
    key: CHANNEL_KEYS.spark,
    badKey: 'spark-app|wrong|spark-key',
    model: 'SparkDesk-v3.1',
    other: 'v3.1',
    baseUrl: (fake) => fake.wsUrl,
    tools: true,
  },
  {
    name: 'AI Proxy library',
    type: 21,
    key: CHANNEL_KEYS.aiproxy,
    badKey: 'wrong',
    model: 'gpt-3.5-turbo',
    other: 'lib-1',
    counted: true,
    reply: `${REPLY_TEXT}\n\n1. [Handbook](https://example.invalid/handbook)`,
  },
  {
    name: 'FastGPT',
    type: 22,
    key: CHANNEL_KEYS.fastgpt,
    badKey: 'fastgpt-wrong-app1',
    model: 'fastgpt-workflow',
    counted: true,
    baseUrl: (fake) => `${fake.url}/api`,
  },
  {
    name: 'Hunyuan',
    type: 23,
    key: CHANNEL_KEYS.hunyuan,
    badKey: '1250000000|AKIDhunyuan|wrong',
    model: 'hunyuan-lite',
    tools: true,
  },
  {
    name: 'Bedrock',
    type: 33,
    key: CHANNEL_KEYS.bedrock,
    badKey: 'AKIAFAKEBEDROCK|wrong|us-east-1',
    model: 'claude-3-haiku-20240307',
  },
  {
    name: 'Cohere',
    type: 34,
    key: CHANNEL_KEYS.cohere,
    badKey: 'wrong',
    model: 'command-r',
    tools: true,
  },
];

const h = useProviderHarness();

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

describe.each(CASES)('$name (type $type)', (c) => {
  it('chat and stream through the relay, billed', async () => {
    await expectChatAndStream(h, c, c.reply ?? REPLY_TEXT);
  });

  it('a refused key disables the channel (auto-ban on)', async () => {
    await expectBadKeyDisables(h, c);
  });

  it('the channel test succeeds and stores the response time', async () => {
    await expectChannelTest(h, c);
  });
});

describe.each(CASES.filter((c) => c.tools))('$name tools', (c) => {
  it('tool calls come back as OpenAI tool_calls', async () => {
    const { alias } = await seedProviderChannel(h, c);
    const reply = await chat(h, alias, { tools: [weatherTool] });
    expect(reply.status, reply.text).toBe(200);
    const choice = JSON.parse(reply.text).choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls[0].function).toEqual(TOOL_CALL);
  });
});
