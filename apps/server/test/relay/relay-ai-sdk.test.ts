// The Vercel AI SDK (`ai` with `@ai-sdk/openai` and `@ai-sdk/anthropic`) against the gateway, on
// its chat-completions, Responses and Anthropic Messages models, × the four upstream families: a reply, a streamed reply, and a tool loop
// (the SDK runs the tool and sends its result back), each checked for text, finish reason,
// tool input, usage and the consume log's quota.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import {
  generateText,
  jsonSchema,
  type LanguageModelUsage,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREETING, TOOL_ARGS, TOOL_NAME } from '../fakes/providers/scenario';
import {
  expectedQuota,
  expectedUsage,
  type Gateway,
  loggedQuota,
  startGateway,
  UPSTREAMS,
  type Upstream,
} from '../helpers/gateway-matrix';
import { WEATHER_DESCRIPTION, WEATHER_PARAMETERS } from '../helpers/matrix-scenarios';

const TOOL_RESULT = 'sunny, 22 C';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
}, 30_000);
afterAll(() => gateway?.close());

type Api = 'chat' | 'responses' | 'messages';

async function modelFor(api: Api, upstream: Upstream, cell: string) {
  const token = await gateway.token(cell);
  const options = { baseURL: `${gateway.url}/v1`, apiKey: `sk-${token.key}` };
  if (api === 'messages') return { token, model: createAnthropic(options)(upstream.model) };
  const provider = createOpenAI(options);
  const model = api === 'chat' ? provider.chat(upstream.model) : provider.responses(upstream.model);
  return { token, model };
}

function expectUsage(usage: LanguageModelUsage, upstream: Upstream, replies = 1) {
  const expected = expectedUsage(upstream.family);
  expect(usage.inputTokens).toBe(replies * expected.promptTokens);
  expect(usage.outputTokens).toBe(replies * expected.completionTokens);
  expect(usage.inputTokenDetails.cacheReadTokens ?? 0).toBe(replies * expected.cachedTokens);
}

async function expectBilled(token: { id: number }, upstream: Upstream, replies: number) {
  const logged = await loggedQuota(gateway.db, token as never, gateway.userId, replies);
  expect(logged.count).toBe(replies);
  expect(logged.quota).toBe(replies * expectedQuota(upstream));
}

const weather = tool({
  description: WEATHER_DESCRIPTION,
  inputSchema: jsonSchema<{ city: string; unit?: string }>(WEATHER_PARAMETERS as never),
  execute: async () => TOOL_RESULT,
});

for (const api of ['chat', 'responses', 'messages'] as const) {
  describe.concurrent(`ai SDK, ${api} model`, () => {
    for (const upstream of UPSTREAMS) {
      const cell = (name: string) => `ai-${api}-${upstream.family}-${name}`;

      it(`${api} → ${upstream.family}: generateText`, async () => {
        const { token, model } = await modelFor(api, upstream, cell('text'));
        const result = await generateText({ model, prompt: `[${cell('text')}] hi`, maxRetries: 0 });
        expect(result.text).toBe(GREETING);
        expect(result.finishReason).toBe('stop');
        expectUsage(result.usage, upstream);
        await expectBilled(token, upstream, 1);
      });

      it(`${api} → ${upstream.family}: streamText`, async () => {
        const { token, model } = await modelFor(api, upstream, cell('stream'));
        const result = streamText({ model, prompt: `[${cell('stream')}] hi`, maxRetries: 0 });
        let text = '';
        for await (const delta of result.textStream) text += delta;
        expect(text).toBe(GREETING);
        expect(await result.finishReason).toBe('stop');
        expectUsage(await result.usage, upstream);
        await expectBilled(token, upstream, 1);
      });

      it(`${api} → ${upstream.family}: a tool loop`, async () => {
        const { token, model } = await modelFor(api, upstream, cell('tools'));
        const result = await generateText({
          model,
          prompt: `[${cell('tools')}] weather in Paris?`,
          tools: { [TOOL_NAME]: weather },
          stopWhen: stepCountIs(2),
          maxRetries: 0,
        });
        expect(result.steps).toHaveLength(2);
        expect(result.steps[0]?.finishReason).toBe('tool-calls');
        expect(result.steps[0]?.toolCalls[0]).toMatchObject({
          toolName: TOOL_NAME,
          input: TOOL_ARGS,
        });
        expect(result.text).toContain(TOOL_RESULT);
        expect(result.finishReason).toBe('stop');
        expectUsage(result.totalUsage, upstream, 2);
        await expectBilled(token, upstream, 2);
      });
    }
  });
}
