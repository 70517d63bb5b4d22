// The parameter policy of issue 28, iterated from its table (canonical/param-policy.ts): for each
// row and each target family, a request carrying the parameter is answered with the parameter
// carried to the upstream, dropped (the reply names it in x-switchyard-dropped-params, the
// upstream never sees it, the reply is billed), or refused (400 naming it, nothing sent, nothing
// billed). Then the clients' defaults the issue names, as those clients send them.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PARAM_POLICY,
  POLICY_FAMILIES,
  type PolicyFamily,
  type PolicyParam,
} from '../../src/relay/canonical/param-policy';
import { TOOL_NAME } from '../fakes/providers/scenario';
import { type Gateway, loggedQuota, startGateway, UPSTREAMS } from '../helpers/gateway-matrix';
import { WEATHER_PARAMETERS } from '../helpers/matrix-scenarios';
import { type CreatedToken, seedChannel, waitForLogs } from '../helpers/relay-fixtures';
import { useHarness } from '../helpers/use-harness';

/** An Anthropic model of the 4.x line, which refuses temperature and top_p together. */
const CLAUDE_4 = 'claude-sonnet-4-5';

/** Where each parameter shows in the families' wire bodies. */
const WIRE: Record<PolicyParam, string[]> = {
  top_k: ['"top_k"', '"topK"'],
  seed: ['"seed"'],
  presence_penalty: ['"presence_penalty"', '"presencePenalty"'],
  frequency_penalty: ['"frequency_penalty"', '"frequencyPenalty"'],
  n: ['"n"', '"candidateCount"'],
  logprobs: ['"logprobs"'],
  top_logprobs: ['"top_logprobs"'],
  logit_bias: ['"logit_bias"'],
  parallel_tool_calls: ['"parallel_tool_calls"', '"disable_parallel_tool_use"'],
  top_p: ['"top_p"', '"topP"'],
  safety_settings: ['"safety_settings"', '"safetySettings"'],
};

/**
 * The Gemini-dialect form of the parameters an OpenAI channel drops: a chat caller's own body
 * goes to an OpenAI upstream as sent, so the OpenAI column rules on translated requests.
 */
const GEMINI_FORM: Partial<
  Record<PolicyParam, (sample: Record<string, unknown>) => Record<string, unknown>>
> = {
  top_k: (sample) => ({ generationConfig: { topK: sample.top_k } }),
  safety_settings: (sample) => ({ safetySettings: sample.safety_settings }),
};

const modelOf = (family: PolicyFamily, model?: string) =>
  family === 'anthropic' && model === CLAUDE_4
    ? CLAUDE_4
    : (UPSTREAMS.find((upstream) => upstream.family === family)?.model ?? '');

interface Sent {
  status: number;
  text: string;
  dropped: string | null;
  /** Headers a browser page may read. */
  exposed: string;
  /** The request the family's fake received for it, as JSON text ('' if none). */
  upstream: string;
  token: CreatedToken;
}

async function send(
  gateway: Gateway,
  family: PolicyFamily,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const token = await gateway.token(`policy-${family}-${path.length}-${Math.random()}`);
  const fake = gateway.fakes[family];
  const before = fake.calls.length;
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer sk-${token.key}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const call = fake.calls.slice(before).at(-1);
  return {
    status: response.status,
    text,
    dropped: response.headers.get('x-switchyard-dropped-params'),
    exposed: response.headers.get('access-control-expose-headers') ?? '',
    upstream: call ? JSON.stringify(call.body) : '',
    token,
  };
}

const droppedNames = (sent: Sent) => (sent.dropped ?? '').split(', ').filter(Boolean);

const CELLS = PARAM_POLICY.flatMap((rule, row) =>
  POLICY_FAMILIES.map((family) => ({
    row,
    rule,
    family,
    verdict: rule.verdict[family],
    label: `${rule.param} (${rule.when})`,
  })),
);

describe('the parameter policy table', () => {
  const gateway = useHarness(async () => {
    const started = await startGateway();
    await seedChannel(started.db, {
      type: 14,
      key: 'key-claude-4',
      baseUrl: started.fakes.anthropic.url,
      models: [CLAUDE_4],
    });
    return started;
  });

  it.each(CELLS)('$label → $family: $verdict', async ({ rule, family, verdict }) => {
    const model = modelOf(family, rule.model);
    const form = family === 'openai' && verdict !== 'carry' ? GEMINI_FORM[rule.param] : undefined;
    if (family === 'openai' && verdict !== 'carry' && !form) {
      throw new Error(`no Gemini form for ${rule.param}`);
    }
    const sent = form
      ? await send(gateway, family, `/v1beta/models/${model}:generateContent`, {
          contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
          ...form(rule.sample),
        })
      : await send(gateway, family, '/v1/chat/completions', {
          model,
          messages: [{ role: 'user', content: 'Hello' }],
          ...rule.sample,
        });

    if (verdict === 'refuse') {
      expect(sent.status, sent.text).toBe(400);
      expect(sent.text).toContain(rule.param);
      expect(sent.upstream).toBe('');
      const logs = await waitForLogs(gateway.db, gateway.userId, 0);
      expect(logs.filter((log) => log.token_id === sent.token.id)).toEqual([]);
      return;
    }
    expect(sent.status, sent.text).toBe(200);
    const onWire = WIRE[rule.param].some((name) => sent.upstream.includes(name));
    if (verdict === 'drop') {
      expect(droppedNames(sent)).toContain(rule.param);
      expect(onWire, sent.upstream).toBe(false);
    } else {
      expect(droppedNames(sent)).not.toContain(rule.param);
      // n = 1 is every family's default: Gemini has no need to say it.
      if (!(rule.param === 'n' && family === 'gemini')) expect(onWire, sent.upstream).toBe(true);
    }
    const billed = await loggedQuota(gateway.db, sent.token, gateway.userId, 1);
    expect(billed.count).toBe(1);
  });

  it("Gemini CLI's generation defaults reach an Anthropic 4.x channel", async () => {
    const sent = await send(gateway, 'anthropic', `/v1beta/models/${CLAUDE_4}:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      generationConfig: { temperature: 0, topP: 1, topK: 64, candidateCount: 1 },
      safetySettings: [],
    });
    expect(sent.status, sent.text).toBe(200);
    expect(droppedNames(sent).sort()).toEqual(['n', 'safety_settings', 'top_p']);
    expect(sent.exposed).toContain('x-switchyard-dropped-params');
    // A stream names them in its head too.
    const streamed = await send(
      gateway,
      'anthropic',
      `/v1beta/models/${CLAUDE_4}:streamGenerateContent?alt=sse`,
      {
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        generationConfig: { temperature: 0, topP: 1, topK: 64 },
      },
    );
    expect(streamed.status, streamed.text).toBe(200);
    expect(droppedNames(streamed)).toEqual(['top_p']);
    expect(JSON.parse(sent.upstream)).toMatchObject({ temperature: 0, top_k: 64 });
  });

  it("the AI SDK's Anthropic generateObject (a forced tool, no parallel use) reaches Gemini", async () => {
    const sent = await send(
      gateway,
      'gemini',
      '/v1/messages',
      {
        model: modelOf('gemini'),
        max_tokens: 256,
        messages: [{ role: 'user', content: 'The weather in Paris, as JSON.' }],
        tools: [{ name: TOOL_NAME, input_schema: WEATHER_PARAMETERS }],
        tool_choice: { type: 'tool', name: TOOL_NAME, disable_parallel_tool_use: true },
      },
      { 'anthropic-version': '2023-06-01' },
    );
    expect(sent.status, sent.text).toBe(200);
    expect(droppedNames(sent)).toEqual(['parallel_tool_calls']);
    expect(sent.text).toContain(TOOL_NAME);
  });

  it('a stricter safety setting is refused where it cannot be enforced, carried to Gemini', async () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }],
    };
    const openai = await send(
      gateway,
      'openai',
      `/v1beta/models/${modelOf('openai')}:generateContent`,
      body,
    );
    expect(openai.status).toBe(400);
    expect(openai.text).toContain('safety_settings');
    const gemini = await send(
      gateway,
      'gemini',
      `/v1beta/models/${modelOf('gemini')}:generateContent`,
      body,
    );
    expect(gemini.status).toBe(200);
    expect(gemini.upstream).toContain('BLOCK_LOW_AND_ABOVE');
  });
});

describe('the relay README', () => {
  it('holds the policy table as the code has it', async () => {
    const readme = await readFile(
      fileURLToPath(new URL('../../src/relay/README.md', import.meta.url)),
      'utf8',
    );
    for (const rule of PARAM_POLICY) {
      const { openai, anthropic, gemini } = rule.verdict;
      expect(readme).toContain(
        `| ${rule.param} | ${rule.when} | ${openai} | ${anthropic} | ${gemini} |`,
      );
    }
  });
});
