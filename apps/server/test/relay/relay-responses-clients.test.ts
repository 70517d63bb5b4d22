// Responses-API clients on a type-1 channel whose upstream speaks chat completions only (issue
// 28): the OpenAI Agents SDK (its default OpenAIResponsesModel, a tool turn included) and
// LangChain's ChatOpenAI with useResponsesApi, each against the gateway with the chat-only
// loopback fake behind it. The gateway finds /v1/responses missing once, translates to chat from
// then on; every reply is billed once.
import { ChatOpenAI } from '@langchain/openai';
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ModelFake, startModelFake } from '../fakes/providers/model-fakes';
import { GREETING, TOOL_ARGS, TOOL_NAME, toolReply } from '../fakes/providers/scenario';
import { createUser } from '../helpers/factories';
import { createToken, seedChannel, waitForLogs } from '../helpers/relay-fixtures';
import { createTestContext, type TestServer } from '../helpers/server';
import { useHarness } from '../helpers/use-harness';

const MODEL = 'gpt-4.1-mini';

interface Setup {
  server: TestServer;
  url: string;
  fake: ModelFake;
  close(): Promise<void>;
}

async function start(): Promise<Setup> {
  const context = await createTestContext();
  const server = await context.start();
  const fake = await startModelFake('openai', { chatOnly: true });
  await seedChannel(server.db, {
    type: 1,
    key: 'key-chat-only',
    name: 'chat-only compatible server',
    baseUrl: fake.url,
    models: [MODEL],
  });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    fake,
    close: async () => {
      await fake.close();
      await context.close();
    },
  };
}

describe('Responses clients on a chat-only OpenAI-type channel', () => {
  const h = useHarness(start);
  const caller = async () => {
    const user = await createUser(h.server.db, { quota: 100_000_000 });
    return { userId: user.id, key: `sk-${(await createToken(h.server.db, user.id)).key}` };
  };
  const pathsSince = (from: number) => h.fake.calls.slice(from).map((call) => call.path);

  it('the OpenAI Agents SDK runs an agent with a function tool', async () => {
    const { userId, key } = await caller();
    const provider = new OpenAIProvider({
      apiKey: key,
      baseURL: `${h.url}/v1`,
      useResponses: true,
    });
    const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
    const asked: unknown[] = [];
    const weather = tool({
      name: TOOL_NAME,
      description: 'Current weather of a city',
      parameters: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
      execute: async (args) => {
        asked.push(args);
        return 'sunny, 22 degrees';
      },
    });
    const agent = new Agent({
      name: 'Weather agent',
      instructions: 'Answer with the weather tool.',
      model: MODEL,
      tools: [weather],
    });
    const from = h.fake.calls.length;
    const result = await runner.run(agent, 'What is the weather in Paris?');
    expect(asked).toEqual([TOOL_ARGS]);
    expect(result.finalOutput).toBe(toolReply('sunny, 22 degrees'));
    // The tool call and the answer, both through chat completions on the same channel.
    const chat = pathsSince(from).filter((path) => path === '/v1/chat/completions');
    expect(chat).toHaveLength(2);
    const logs = await waitForLogs(h.server.db, userId, 2);
    expect(logs).toHaveLength(2);
    for (const log of logs) expect(log.quota).toBeGreaterThan(0);
  });

  it("LangChain's ChatOpenAI with useResponsesApi, whole and streamed", async () => {
    const { userId, key } = await caller();
    const llm = new ChatOpenAI({
      model: MODEL,
      apiKey: key,
      configuration: { baseURL: `${h.url}/v1` },
      useResponsesApi: true,
      maxRetries: 0,
    });
    const from = h.fake.calls.length;
    const reply = await llm.invoke('Hello');
    expect(reply.text).toBe(GREETING);
    let streamed = '';
    for await (const chunk of await llm.stream('Hello')) streamed += chunk.text;
    expect(streamed).toBe(GREETING);
    const withTool = await llm
      .bindTools([
        {
          type: 'function',
          function: {
            name: TOOL_NAME,
            description: 'Current weather of a city',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' }, unit: { type: 'string' } },
              required: ['city'],
            },
          },
        },
      ])
      .invoke('Weather in Paris?');
    expect(withTool.tool_calls?.[0]?.name).toBe(TOOL_NAME);
    expect(withTool.tool_calls?.[0]?.args).toEqual(TOOL_ARGS);
    expect(pathsSince(from).filter((path) => path === '/v1/chat/completions')).toHaveLength(3);
    const logs = await waitForLogs(h.server.db, userId, 3);
    expect(logs).toHaveLength(3);
    for (const log of logs) expect(log.quota).toBeGreaterThan(0);
  });
});
