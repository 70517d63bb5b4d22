// The providers' published list prices (US dollars per 1M tokens) of current models, from which
// the built-in ModelRatio, CompletionRatio and cache ratio options are derived. Sources: the
// pricing pages of OpenAI (platform.openai.com/docs/pricing), Anthropic (docs.anthropic.com,
// "Pricing"), Google (ai.google.dev/gemini-api/docs/pricing, the ≤200k-token tier), DeepSeek
// (api-docs.deepseek.com, "Models & Pricing"), Alibaba Model Studio (international), Z.ai,
// Moonshot (platform.moonshot.ai) and MiniMax (platform.minimax.io, pay as you go).

/** Dollars per 1M tokens: input, output, cached input read, cache write (5 min), (1 hour). */
export interface ListPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
}

type Row = readonly [input: number, output: number, cacheRead?: number];

/** Anthropic: reads cost 0.1×, 5-minute writes 1.25× and 1-hour writes 2× the input price. */
const anthropic = (input: number, output: number): ListPrice => ({
  input,
  output,
  cacheRead: input * 0.1,
  cacheWrite: input * 1.25,
  cacheWrite1h: input * 2,
});

/** The same price under several names (dated snapshots and `-latest` aliases). */
function each(names: string[], price: ListPrice): Record<string, ListPrice> {
  return Object.fromEntries(names.map((name) => [name, price]));
}

function rows(table: Record<string, Row>): Record<string, ListPrice> {
  return Object.fromEntries(
    Object.entries(table).map(([name, [input, output, cacheRead]]) => [
      name,
      cacheRead === undefined ? { input, output } : { input, output, cacheRead },
    ]),
  );
}

export const MODEL_LIST_PRICES: Record<string, ListPrice> = {
  // OpenAI
  ...rows({
    'gpt-4.1': [2, 8, 0.5],
    'gpt-4.1-2025-04-14': [2, 8, 0.5],
    'gpt-4.1-mini': [0.4, 1.6, 0.1],
    'gpt-4.1-mini-2025-04-14': [0.4, 1.6, 0.1],
    'gpt-4.1-nano': [0.1, 0.4, 0.025],
    'gpt-4.1-nano-2025-04-14': [0.1, 0.4, 0.025],
    'gpt-4o': [2.5, 10, 1.25],
    'gpt-4o-2024-08-06': [2.5, 10, 1.25],
    'gpt-4o-2024-11-20': [2.5, 10, 1.25],
    'gpt-4o-2024-05-13': [5, 15],
    'chatgpt-4o-latest': [5, 15],
    'gpt-4o-mini': [0.15, 0.6, 0.075],
    'gpt-4o-mini-2024-07-18': [0.15, 0.6, 0.075],
    o1: [15, 60, 7.5],
    'o1-mini': [1.1, 4.4, 0.55],
    o3: [2, 8, 0.5],
    'o3-2025-04-16': [2, 8, 0.5],
    'o3-mini': [1.1, 4.4, 0.55],
    'o3-pro': [20, 80],
    'o4-mini': [1.1, 4.4, 0.275],
    'o4-mini-2025-04-16': [1.1, 4.4, 0.275],
    'codex-mini-latest': [1.5, 6, 0.375],
    'gpt-5': [1.25, 10, 0.125],
    'gpt-5-2025-08-07': [1.25, 10, 0.125],
    'gpt-5-chat-latest': [1.25, 10, 0.125],
    'gpt-5-codex': [1.25, 10, 0.125],
    'gpt-5-mini': [0.25, 2, 0.025],
    'gpt-5-mini-2025-08-07': [0.25, 2, 0.025],
    'gpt-5-nano': [0.05, 0.4, 0.005],
    'gpt-5-nano-2025-08-07': [0.05, 0.4, 0.005],
    'gpt-5-pro': [15, 120],
    'gpt-5.1': [1.25, 10, 0.125],
    'gpt-5.1-chat-latest': [1.25, 10, 0.125],
    'gpt-5.1-codex': [1.25, 10, 0.125],
    'gpt-5.1-codex-mini': [0.25, 2, 0.025],
    'gpt-5.2': [1.75, 14, 0.175],
  }),
  // Anthropic
  ...each(['claude-opus-4-5', 'claude-opus-4-5-20251101'], anthropic(5, 25)),
  ...each(['claude-opus-4-1', 'claude-opus-4-1-20250805'], anthropic(15, 75)),
  ...each(['claude-opus-4-0', 'claude-opus-4-20250514'], anthropic(15, 75)),
  ...each(['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'], anthropic(3, 15)),
  ...each(['claude-sonnet-4-0', 'claude-sonnet-4-20250514'], anthropic(3, 15)),
  ...each(['claude-3-7-sonnet-latest', 'claude-3-7-sonnet-20250219'], anthropic(3, 15)),
  ...each(
    ['claude-3-5-sonnet-latest', 'claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-20240620'],
    anthropic(3, 15),
  ),
  ...each(['claude-haiku-4-5', 'claude-haiku-4-5-20251001'], anthropic(1, 5)),
  ...each(['claude-3-5-haiku-latest', 'claude-3-5-haiku-20241022'], anthropic(0.8, 4)),
  ...each(['claude-3-opus-latest', 'claude-3-opus-20240229'], anthropic(15, 75)),
  'claude-3-haiku-20240307': {
    input: 0.25,
    output: 1.25,
    cacheRead: 0.03,
    cacheWrite: 0.3,
    cacheWrite1h: 0.5,
  },
  // Google (prompts up to 200k tokens)
  ...rows({
    'gemini-2.5-pro': [1.25, 10, 0.125],
    'gemini-2.5-flash': [0.3, 2.5, 0.03],
    'gemini-flash-latest': [0.3, 2.5, 0.03],
    'gemini-2.5-flash-lite': [0.1, 0.4, 0.01],
    'gemini-flash-lite-latest': [0.1, 0.4, 0.01],
    'gemini-2.0-flash': [0.1, 0.4, 0.025],
    'gemini-2.0-flash-001': [0.1, 0.4, 0.025],
    'gemini-2.0-flash-lite': [0.075, 0.3],
    'gemini-2.0-flash-lite-001': [0.075, 0.3],
    'gemini-3-pro-preview': [2, 12, 0.2],
  }),
  // DeepSeek (V3.2: chat and reasoner at one price)
  ...rows({
    'deepseek-chat': [0.28, 0.42, 0.028],
    'deepseek-reasoner': [0.28, 0.42, 0.028],
  }),
  // Qwen (Model Studio international; implicit cache hits cost 20% of input)
  ...rows({
    'qwen3-max': [1.2, 6, 0.24],
    'qwen-max': [1.6, 6.4, 0.32],
    'qwen-max-latest': [1.6, 6.4, 0.32],
    'qwen-plus': [0.4, 1.2, 0.08],
    'qwen-plus-latest': [0.4, 1.2, 0.08],
    'qwen-turbo': [0.05, 0.2, 0.01],
    'qwen-turbo-latest': [0.05, 0.2, 0.01],
    'qwen-flash': [0.05, 0.4, 0.01],
    'qwen3-coder-plus': [1, 5, 0.2],
    'qwen3-coder-flash': [0.3, 1.5, 0.06],
  }),
  // GLM (Z.ai)
  ...rows({
    'glm-4.6': [0.6, 2.2, 0.11],
    'glm-4.5': [0.6, 2.2, 0.11],
    'glm-4.5v': [0.6, 1.8, 0.11],
    'glm-4.5-x': [2.2, 8.9, 0.45],
    'glm-4.5-air': [0.2, 1.1, 0.03],
    'glm-4.5-airx': [1.1, 4.5, 0.22],
    'glm-4.5-flash': [0, 0],
  }),
  // Moonshot / Kimi
  ...rows({
    'kimi-k2-0905-preview': [0.6, 2.5, 0.15],
    'kimi-k2-0711-preview': [0.6, 2.5, 0.15],
    'kimi-k2-turbo-preview': [1.15, 8, 0.15],
    'kimi-k2-thinking': [0.6, 2.5, 0.15],
    'kimi-k2-thinking-turbo': [1.15, 8, 0.15],
    'moonshot-v1-8k': [0.2, 2],
    'moonshot-v1-32k': [1, 3],
    'moonshot-v1-128k': [2, 5],
  }),
  // MiniMax
  'MiniMax-M2': { input: 0.3, output: 1.2, cacheRead: 0.03, cacheWrite: 0.375 },
  ...rows({
    'MiniMax-M1': [0.4, 2.2],
    'MiniMax-Text-01': [0.2, 1.1],
  }),
};

/** Ratios are kept to 6 decimals so that 0.275 / 1.1 reads 0.25, not 0.25000000000000006. */
const tidy = (value: number): number => Math.round(value * 1e6) / 1e6;

/** One ratio map of the table: `pick` gives the ratio of a price, or undefined to leave it out. */
export function ratiosOfListPrices(
  pick: (price: ListPrice) => number | undefined,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, price] of Object.entries(MODEL_LIST_PRICES)) {
    const ratio = pick(price);
    if (ratio !== undefined && Number.isFinite(ratio)) out[name] = tidy(ratio);
  }
  return out;
}

/** Of the input price, for the ratios relative to it (a free model keeps ratio 1). */
const per = (part: number | undefined, price: ListPrice): number | undefined =>
  part === undefined ? undefined : price.input === 0 ? 1 : part / price.input;

/** Ratio 1 is $2 per 1M input tokens (500000 quota per dollar, 1 quota per token). */
export const LIST_MODEL_RATIO = ratiosOfListPrices((price) => price.input / 2);
export const LIST_COMPLETION_RATIO = ratiosOfListPrices((price) => per(price.output, price));
export const LIST_CACHE_RATIO = ratiosOfListPrices((price) => per(price.cacheRead, price));
export const LIST_CACHE_CREATION_RATIO = ratiosOfListPrices((price) =>
  per(price.cacheWrite, price),
);
export const LIST_CACHE_CREATION_1H_RATIO = ratiosOfListPrices((price) =>
  per(price.cacheWrite1h, price),
);
