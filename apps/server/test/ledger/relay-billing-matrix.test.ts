// The billing matrix of issue 28: every ingress dialect × upstream family × stream mode, with
// replies that hold no answer text (only a tool call, only reasoning, or empty text). The upstream
// reports its usage each time, so each cell must answer 200, write exactly one consume log with
// that usage and charge the quota the price table gives for it — never refund a served reply.
import { describe, expect, it } from 'vitest';
import { EMPTY_REPLY, FAKE_USAGE, THOUGHT_ONLY, TOOL_NAME } from '../fakes/providers/scenario';
import {
  expectedQuota,
  expectedUsage,
  loggedQuota,
  startGateway,
  UPSTREAMS,
} from '../helpers/gateway-matrix';
import { type Dialect, WEATHER_DESCRIPTION, WEATHER_PARAMETERS } from '../helpers/matrix-scenarios';
import { useHarness } from '../helpers/use-harness';

type Shape = 'tool call' | 'reasoning only' | 'empty text';

const PROMPTS: Record<Shape, string> = {
  'tool call': 'What is the weather in Paris?',
  'reasoning only': `${THOUGHT_ONLY} Think only.`,
  'empty text': `${EMPTY_REPLY} Say nothing.`,
};

interface Call {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The request of each dialect, with the weather tool offered when the shape asks for a call. */
const REQUESTS: Record<Dialect, (model: string, shape: Shape, stream: boolean) => Call> = {
  chat: (model, shape, stream) => ({
    path: '/v1/chat/completions',
    headers: {},
    body: {
      model,
      stream,
      messages: [{ role: 'user', content: PROMPTS[shape] }],
      ...(shape === 'tool call'
        ? {
            tools: [
              {
                type: 'function',
                function: {
                  name: TOOL_NAME,
                  description: WEATHER_DESCRIPTION,
                  parameters: WEATHER_PARAMETERS,
                },
              },
            ],
          }
        : {}),
    },
  }),
  responses: (model, shape, stream) => ({
    path: '/v1/responses',
    headers: {},
    body: {
      model,
      stream,
      input: PROMPTS[shape],
      ...(shape === 'tool call'
        ? {
            tools: [
              {
                type: 'function',
                name: TOOL_NAME,
                description: WEATHER_DESCRIPTION,
                parameters: WEATHER_PARAMETERS,
              },
            ],
          }
        : {}),
    },
  }),
  messages: (model, shape, stream) => ({
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: {
      model,
      stream,
      max_tokens: 256,
      messages: [{ role: 'user', content: PROMPTS[shape] }],
      ...(shape === 'tool call'
        ? {
            tools: [
              {
                name: TOOL_NAME,
                description: WEATHER_DESCRIPTION,
                input_schema: WEATHER_PARAMETERS,
              },
            ],
          }
        : {}),
    },
  }),
  gemini: (model, shape, stream) => ({
    path: `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    headers: {},
    body: {
      contents: [{ role: 'user', parts: [{ text: PROMPTS[shape] }] }],
      ...(shape === 'tool call'
        ? {
            tools: [
              {
                functionDeclarations: [
                  {
                    name: TOOL_NAME,
                    description: WEATHER_DESCRIPTION,
                    parameters: WEATHER_PARAMETERS,
                  },
                ],
              },
            ],
          }
        : {}),
    },
  }),
};

const DIALECTS: Dialect[] = ['chat', 'responses', 'messages', 'gemini'];
const SHAPES: Shape[] = ['tool call', 'reasoning only', 'empty text'];
const FAMILIES = UPSTREAMS.filter((upstream) => upstream.family !== 'ollama');

const CELLS = DIALECTS.flatMap((dialect) =>
  FAMILIES.flatMap((upstream) =>
    [false, true].flatMap((stream) =>
      SHAPES.map((shape) => ({ dialect, upstream, stream, shape })),
    ),
  ),
);

describe('every reply the upstream answered is billed once, at its usage', () => {
  const gateway = useHarness(startGateway);

  it.each(CELLS)(
    '$dialect → $upstream.family, stream $stream, $shape',
    async ({ dialect, upstream, stream, shape }) => {
      const token = await gateway.token(`${dialect}-${upstream.family}-${stream}-${shape}`);
      const call = REQUESTS[dialect](upstream.model, shape, stream);
      const response = await fetch(`${gateway.url}${call.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer sk-${token.key}`,
          ...call.headers,
        },
        body: JSON.stringify(call.body),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      if (shape === 'tool call') expect(text).toContain(TOOL_NAME);

      const usage = expectedUsage(upstream.family);
      const logged = await loggedQuota(gateway.db, token, gateway.userId, 1);
      // A second (wrong) settlement would be written in the same batch window: count after it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await loggedQuota(gateway.db, token, gateway.userId, 1)).count).toBe(1);
      const [log] = logged.logs;
      expect(log?.prompt_tokens).toBe(usage.promptTokens);
      expect(log?.completion_tokens).toBe(FAKE_USAGE.output);
      expect(log?.quota).toBe(expectedQuota(upstream));
      expect(log?.quota).toBeGreaterThan(0);
    },
  );
});
