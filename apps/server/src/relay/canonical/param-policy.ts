// The one parameter policy of the relay (README "Parameters a target cannot carry"): for each
// canonical parameter and each target family, carried, dropped or refused. A hint whose absence
// does not change what the caller asked for (a sampling or safety hint, a default value) is
// dropped and named in `x-switchyard-dropped-params`, so a client's defaults never make a
// channel unusable; a parameter whose loss would change the result is refused with a 400 naming
// it. The table is data: the README's table and the test iterate it.
import type { ChatRequest } from './types';
import { unsupportedParameter } from './unsupported';

/** The families the policy speaks for (OpenAI-shaped types, Azure included, are `openai`). */
export type PolicyFamily = 'openai' | 'anthropic' | 'gemini';
export const POLICY_FAMILIES: readonly PolicyFamily[] = ['openai', 'anthropic', 'gemini'];

/** How a refusal names the target (as the adapters name themselves). */
const FAMILY_NAMES: Record<PolicyFamily, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
};

export type Verdict = 'carry' | 'drop' | 'refuse';

/** The canonical parameters the policy rules on. */
export type PolicyParam =
  | 'top_k'
  | 'seed'
  | 'presence_penalty'
  | 'frequency_penalty'
  | 'n'
  | 'logprobs'
  | 'top_logprobs'
  | 'logit_bias'
  | 'parallel_tool_calls'
  | 'top_p'
  | 'safety_settings';

type Fields = Partial<ChatRequest> & Record<string, unknown>;

export interface ParamRule {
  param: PolicyParam;
  /** When the row applies, as the README says it. */
  when: string;
  applies(request: Fields, model: string): boolean;
  verdict: Record<PolicyFamily, Verdict>;
  /** Fields of a chat request that make the row apply (the test sends them). */
  sample: Fields;
  /** The model the sample is sent for, when the row depends on it. */
  model?: string;
}

const set = (value: unknown) => value !== undefined && value !== null;

/**
 * Anthropic models of the 4.x line refuse `temperature` and `top_p` together ("claude-sonnet-4-5",
 * "claude-opus-4-1", "claude-haiku-4-5", "claude-4-…"); the older ones take both.
 */
export const refusesBothSamplers = (model: string): boolean =>
  /claude-(?:(?:opus|sonnet|haiku)-)?4(?:[-.]|$)/.test(model);

/** Safety thresholds that only loosen the provider's defaults: any target's own defaults hold. */
const DEFAULT_THRESHOLDS = new Set(['HARM_BLOCK_THRESHOLD_UNSPECIFIED', 'BLOCK_NONE', 'OFF']);

/** Gemini safety settings that ask for nothing stricter than a provider's default. */
export function defaultSafety(settings: unknown): boolean {
  if (!Array.isArray(settings)) return false;
  return settings.every((entry) => {
    const threshold = (entry as { threshold?: unknown } | null)?.threshold;
    return threshold === undefined || DEFAULT_THRESHOLDS.has(String(threshold));
  });
}

/** One call at most, or the call forced: "no parallel calls" asks for nothing more. */
const oneCallAtMost = (request: Fields) =>
  (request.tools?.length ?? 0) <= 1 || typeof request.tool_choice === 'object';

const WEATHER_TOOL = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
};
const TIME_TOOL = {
  type: 'function' as const,
  function: { name: 'get_time', parameters: { type: 'object', properties: {} } },
};

/** The table, first matching row per parameter wins. */
export const PARAM_POLICY: readonly ParamRule[] = [
  {
    param: 'top_k',
    when: 'set',
    applies: (r) => set(r.top_k),
    verdict: { openai: 'drop', anthropic: 'carry', gemini: 'carry' },
    sample: { top_k: 40 },
  },
  {
    param: 'seed',
    when: 'set',
    applies: (r) => set(r.seed),
    verdict: { openai: 'carry', anthropic: 'drop', gemini: 'carry' },
    sample: { seed: 7 },
  },
  {
    param: 'presence_penalty',
    when: 'set',
    applies: (r) => set(r.presence_penalty),
    verdict: { openai: 'carry', anthropic: 'drop', gemini: 'carry' },
    sample: { presence_penalty: 0.5 },
  },
  {
    param: 'frequency_penalty',
    when: 'set',
    applies: (r) => set(r.frequency_penalty),
    verdict: { openai: 'carry', anthropic: 'drop', gemini: 'carry' },
    sample: { frequency_penalty: 0.5 },
  },
  {
    param: 'n',
    when: '1 (one candidate, the default)',
    applies: (r) => r.n === 1,
    verdict: { openai: 'carry', anthropic: 'drop', gemini: 'carry' },
    sample: { n: 1 },
  },
  {
    param: 'n',
    when: 'more than 1',
    applies: (r) => set(r.n) && r.n !== 1,
    verdict: { openai: 'carry', anthropic: 'refuse', gemini: 'refuse' },
    sample: { n: 2 },
  },
  {
    param: 'logprobs',
    when: 'asked for',
    applies: (r) => set(r.logprobs) && r.logprobs !== false,
    verdict: { openai: 'carry', anthropic: 'refuse', gemini: 'refuse' },
    sample: { logprobs: true },
  },
  {
    param: 'top_logprobs',
    when: 'set',
    applies: (r) => set(r.top_logprobs),
    verdict: { openai: 'carry', anthropic: 'refuse', gemini: 'refuse' },
    sample: { top_logprobs: 2 },
  },
  {
    param: 'logit_bias',
    when: 'set',
    applies: (r) => set(r.logit_bias),
    verdict: { openai: 'carry', anthropic: 'refuse', gemini: 'refuse' },
    sample: { logit_bias: { '1234': -100 } },
  },
  {
    param: 'parallel_tool_calls',
    when: 'false with at most one tool or a forced tool',
    applies: (r) => r.parallel_tool_calls === false && oneCallAtMost(r),
    verdict: { openai: 'carry', anthropic: 'carry', gemini: 'drop' },
    sample: {
      parallel_tool_calls: false,
      tools: [WEATHER_TOOL, TIME_TOOL],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    },
  },
  {
    param: 'parallel_tool_calls',
    when: 'false with several tools the model may choose from',
    applies: (r) => r.parallel_tool_calls === false,
    verdict: { openai: 'carry', anthropic: 'carry', gemini: 'refuse' },
    sample: { parallel_tool_calls: false, tools: [WEATHER_TOOL, TIME_TOOL] },
  },
  {
    param: 'top_p',
    when: 'with temperature, for a model that refuses both (Anthropic 4.x)',
    applies: (r, model) => set(r.top_p) && set(r.temperature) && refusesBothSamplers(model),
    verdict: { openai: 'carry', anthropic: 'drop', gemini: 'carry' },
    sample: { temperature: 0.7, top_p: 0.9 },
    model: 'claude-sonnet-4-5',
  },
  {
    param: 'safety_settings',
    when: 'empty, or no threshold stricter than the default',
    applies: (r) => defaultSafety(r.safety_settings),
    verdict: { openai: 'drop', anthropic: 'drop', gemini: 'carry' },
    sample: { safety_settings: [] },
  },
  {
    param: 'safety_settings',
    when: 'a stricter threshold',
    applies: (r) => set(r.safety_settings),
    verdict: { openai: 'refuse', anthropic: 'refuse', gemini: 'carry' },
    sample: {
      safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }],
    },
  },
];

/**
 * Applies the table to a request bound for `family`: dropped fields are removed (the request is
 * copied first when anything is), refusals throw the 400 naming the parameter. Returns the
 * request to send and the names dropped.
 */
export function applyParamPolicy(
  request: ChatRequest,
  family: PolicyFamily,
  model: string,
): { request: ChatRequest; dropped: string[] } {
  const fields = request as Fields;
  const dropped: string[] = [];
  let out: Fields | undefined;
  const ruled = new Set<PolicyParam>();
  for (const rule of PARAM_POLICY) {
    if (ruled.has(rule.param) || !rule.applies(fields, model)) continue;
    ruled.add(rule.param);
    const verdict = rule.verdict[family];
    if (verdict === 'refuse') throw unsupportedParameter(rule.param, FAMILY_NAMES[family]);
    if (verdict === 'drop') {
      out ??= { ...fields };
      delete out[rule.param];
      dropped.push(rule.param);
    }
  }
  return { request: (out ?? fields) as ChatRequest, dropped };
}
