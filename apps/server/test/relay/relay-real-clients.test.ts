// Real clients whose defaults the parameter policy (issue 28) must let through, each against the
// gateway with loopback fakes of the provider families behind it: the AI SDK's Anthropic
// generateObject (a forced tool with parallel use off) on a Gemini channel, and LangChain's Google
// client (`safetySettings: []`, topK) on OpenAI and Anthropic channels. Each reply is billed once.
import { createAnthropic } from '@ai-sdk/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { generateObject, jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { GREETING, STRUCTURED_VALUE } from '../fakes/providers/scenario';
import { loggedQuota, startGateway, UPSTREAMS } from '../helpers/gateway-matrix';
import { REPORT_SCHEMA } from '../helpers/matrix-scenarios';
import { useHarness } from '../helpers/use-harness';

const modelOf = (family: string) =>
  UPSTREAMS.find((upstream) => upstream.family === family)?.model ?? '';

describe('real clients across families', () => {
  const gateway = useHarness(startGateway);

  it("the AI SDK's Anthropic generateObject on a Gemini channel", async () => {
    const token = await gateway.token('ai-sdk-anthropic-object-gemini');
    const anthropic = createAnthropic({ baseURL: `${gateway.url}/v1`, apiKey: `sk-${token.key}` });
    const result = await generateObject({
      model: anthropic(modelOf('gemini')),
      schema: jsonSchema<{ city: string; temperature: number }>(REPORT_SCHEMA as never),
      prompt: 'The weather in Paris, please.',
      maxRetries: 0,
    });
    expect(result.object).toEqual(STRUCTURED_VALUE);
    expect(result.response.headers?.['x-switchyard-dropped-params']).toBe('parallel_tool_calls');
    expect((await loggedQuota(gateway.db, token, gateway.userId, 1)).count).toBe(1);
  });

  it.each(['openai', 'anthropic'] as const)(
    "LangChain's Google client (its safetySettings: [], topK) on an %s channel",
    async (family) => {
      const token = await gateway.token(`langchain-google-${family}`);
      const before = gateway.fakes[family].calls.length;
      const llm = new ChatGoogleGenerativeAI({
        model: modelOf(family),
        apiKey: `sk-${token.key}`,
        baseUrl: gateway.url,
        // Its Google SDK always sends `safetySettings: []`; topK as people set it.
        topK: 40,
        maxRetries: 0,
      });
      const reply = await llm.invoke('Hello');
      expect(reply.content).toBe(GREETING);
      let streamed = '';
      for await (const chunk of await llm.stream('Hello')) streamed += String(chunk.content);
      expect(streamed).toBe(GREETING);
      expect(gateway.fakes[family].calls.length - before).toBe(2);
      expect((await loggedQuota(gateway.db, token, gateway.userId, 2)).count).toBe(2);
    },
  );
});
