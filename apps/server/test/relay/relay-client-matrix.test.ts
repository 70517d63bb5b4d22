// The client matrix of issue 12: {chat completions, Responses, Messages, Gemini} ingress, each
// through its official SDK, × {OpenAI, Anthropic, Gemini, Ollama} upstream (scripted fakes in
// the providers' wire formats) × {text, stream, tools + tool result, image, structured output}.
// Every cell checks the content, the tool call and its arguments, the finish reason, the usage
// (cached input included) and the quota of its consume logs against the built-in price table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GREETING,
  IMAGE_REPLY,
  STRUCTURED_VALUE,
  TOOL_ARGS,
  TOOL_CALL_ID,
  TOOL_NAME,
} from '../fakes/providers/scenario';
import {
  expectedQuota,
  expectedUsage,
  type Gateway,
  loggedQuota,
  startGateway,
  UPSTREAMS,
  type Upstream,
} from '../helpers/gateway-matrix';
import {
  type Dialect,
  type Driver,
  FINISH,
  type Outcome,
  RED_PIXEL_PNG,
  SCENARIOS,
  type Scenario,
} from '../helpers/matrix-scenarios';
import { geminiDriver, messagesDriver } from '../helpers/native-drivers';
import { chatDriver, responsesDriver } from '../helpers/openai-drivers';
import type { CreatedToken } from '../helpers/relay-fixtures';

const DRIVERS: Record<Dialect, (url: string, key: string) => Driver> = {
  chat: chatDriver,
  responses: responsesDriver,
  messages: messagesDriver,
  gemini: geminiDriver,
};

const TOOL_RESULT = 'sunny, 22 C';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
}, 30_000);
afterAll(() => gateway?.close());

function expectUsage(outcome: Outcome, upstream: Upstream) {
  const usage = expectedUsage(upstream.family);
  expect(outcome.usage).toEqual({
    prompt: usage.promptTokens,
    completion: usage.completionTokens,
    cached: usage.cachedTokens,
  });
}

/** Runs one scenario; returns the outcomes to check for usage and the replies billed. */
async function perform(
  dialect: Dialect,
  upstream: Upstream,
  scenario: Scenario,
  driver: Driver,
  prompt: string,
): Promise<Outcome[]> {
  const finish = FINISH[dialect];
  const { model } = upstream;
  switch (scenario) {
    case 'text':
    case 'stream': {
      const outcome = await driver[scenario](model, prompt);
      expect(outcome.text).toBe(GREETING);
      expect(outcome.finish).toBe(finish.text);
      return [outcome];
    }
    case 'tools': {
      const { call, answer } = await driver.tools(model, prompt, TOOL_RESULT);
      expect(call.toolCall).toMatchObject({ name: TOOL_NAME, args: TOOL_ARGS });
      expect(call.finish).toBe(finish.tool);
      expect(answer.text).toMatch(/^The weather tool says: /);
      expect(answer.text).toContain(TOOL_RESULT);
      expect(answer.finish).toBe(finish.text);
      return [call, answer];
    }
    case 'image': {
      const outcome = await driver.image(model, prompt, RED_PIXEL_PNG);
      expect(outcome.text).toBe(IMAGE_REPLY);
      expect(outcome.finish).toBe(finish.text);
      return [outcome];
    }
    case 'structured': {
      const outcome = await driver.structured(model, prompt);
      if (dialect === 'messages') {
        // Asked as a forced tool, answered as that tool's input.
        expect(outcome.toolCall).toMatchObject({ name: 'record_weather', args: STRUCTURED_VALUE });
        expect(outcome.finish).toBe(finish.tool);
      } else {
        expect(JSON.parse(outcome.text)).toEqual(STRUCTURED_VALUE);
        expect(outcome.finish).toBe(finish.text);
      }
      return [outcome];
    }
  }
}

/** Ollama has no tool_choice, so a forced tool (Anthropic's way to ask for JSON) cannot cross:
 * the gateway refuses it with a 400 that names the parameter, and nothing is billed. */
async function refusedForcedTool(
  driver: Driver,
  upstream: Upstream,
  id: string,
  token: CreatedToken,
) {
  await expect(driver.structured(upstream.model, `[${id}] please answer`)).rejects.toMatchObject({
    status: 400,
    error: { type: 'error', error: { type: 'invalid_request_error' } },
    message: expect.stringContaining('tool_choice'),
  });
  expect(gateway.fakes.ollama.callsWhere((seen) => seen.text.includes(id))).toHaveLength(0);
  expect((await loggedQuota(gateway.db, token, gateway.userId, 0)).count).toBe(0);
}

async function cell(dialect: Dialect, upstream: Upstream, scenario: Scenario) {
  const id = `${dialect}-${upstream.family}-${scenario}`;
  const prompt = `[${id}] please answer`;
  const token = await gateway.token(id);
  if (dialect === 'messages' && upstream.family === 'ollama' && scenario === 'structured') {
    return refusedForcedTool(DRIVERS[dialect](gateway.url, token.key), upstream, id, token);
  }
  const outcomes = await perform(
    dialect,
    upstream,
    scenario,
    DRIVERS[dialect](gateway.url, token.key),
    prompt,
  );
  for (const outcome of outcomes) expectUsage(outcome, upstream);

  // What crossed: the upstream saw the prompt (and the image, schema, tool result) in its wire.
  const calls = gateway.fakes[upstream.family].callsWhere((seen) => seen.text.includes(id));
  expect(calls).toHaveLength(outcomes.length);
  const seen = calls.map((call) => call.seen);
  if (scenario === 'stream') expect(seen[0]?.stream).toBe(true);
  if (scenario === 'image')
    expect(seen[0]?.images).toEqual([`data:image/png;base64,${RED_PIXEL_PNG}`]);
  if (scenario === 'tools') {
    expect(seen[0]?.tools).toEqual([TOOL_NAME]);
    expect(seen[1]?.toolResult).toContain(TOOL_RESULT);
    // The result answers the call the upstream made, under the id the upstream gave it.
    const issued = { openai: TOOL_CALL_ID, anthropic: `toolu_${TOOL_CALL_ID}` } as const;
    if (upstream.family === 'openai' || upstream.family === 'anthropic') {
      expect(seen[1]?.toolCallId).toBe(issued[upstream.family]);
    }
  }

  const logged = await loggedQuota(gateway.db, token, gateway.userId, outcomes.length);
  expect(logged.count).toBe(outcomes.length);
  expect(logged.quota).toBe(outcomes.length * expectedQuota(upstream));
  // The log's price breakdown names the cache and reasoning tokens it billed.
  const usage = expectedUsage(upstream.family);
  const other = JSON.parse(logged.logs[0]?.other ?? '{}') as Record<string, unknown>;
  expect(other).toMatchObject({ model_ratio: expect.any(Number), group_ratio: 1 });
  expect(other.cached_tokens ?? 0).toBe(usage.cachedTokens);
  expect(other.cache_write_tokens ?? 0).toBe(usage.cacheWriteTokens);
  expect(other.cache_write_1h_tokens ?? 0).toBe(usage.cacheWrite1hTokens);
  expect(other.reasoning_tokens ?? 0).toBe(usage.reasoningTokens);
  if (usage.cachedTokens > 0) expect(other.cache_ratio).toEqual(expect.any(Number));
}

for (const dialect of Object.keys(DRIVERS) as Dialect[]) {
  describe.concurrent(`${dialect} ingress`, () => {
    for (const upstream of UPSTREAMS) {
      for (const scenario of SCENARIOS) {
        it(`${dialect} → ${upstream.family}: ${scenario}`, () => cell(dialect, upstream, scenario));
      }
    }
  });
}
