// The most output tokens one reply of a current model can hold, as the providers publish them
// (beside the list prices in model-price-table.ts, from the same model pages). The relay reserves
// a request without max_tokens against this instead of a flat guess (issue 14).
import { familyLookup } from './model-family';

/** Max output tokens by model name; dated snapshots and `-latest` aliases find their family. */
export const MODEL_OUTPUT_LIMITS: Record<string, number> = {
  // OpenAI
  'gpt-3.5-turbo': 4096,
  'gpt-4': 8192,
  'gpt-4-turbo': 4096,
  'gpt-4o': 16_384,
  'gpt-4o-2024-05-13': 4096,
  'gpt-4o-mini': 16_384,
  'chatgpt-4o-latest': 16_384,
  'gpt-4.1': 32_768,
  'gpt-4.1-mini': 32_768,
  'gpt-4.1-nano': 32_768,
  o1: 100_000,
  'o1-preview': 32_768,
  'o1-mini': 65_536,
  o3: 100_000,
  'o3-mini': 100_000,
  'o3-pro': 100_000,
  'o4-mini': 100_000,
  'codex-mini-latest': 100_000,
  'gpt-5': 128_000,
  'gpt-5-chat-latest': 16_384,
  'gpt-5-pro': 272_000,
  'gpt-5.1': 128_000,
  'gpt-5.1-chat-latest': 16_384,
  'gpt-5.2': 128_000,
  // Anthropic
  'claude-opus-4-5': 64_000,
  'claude-opus-4-1': 32_000,
  'claude-opus-4': 32_000,
  'claude-sonnet-4-5': 64_000,
  'claude-sonnet-4': 64_000,
  'claude-haiku-4-5': 64_000,
  'claude-3-7-sonnet': 64_000,
  'claude-3-5-sonnet': 8192,
  'claude-3-5-haiku': 8192,
  'claude-3-opus': 4096,
  'claude-3-haiku': 4096,
  // Google
  'gemini-3-pro': 65_536,
  'gemini-2.5-pro': 65_536,
  'gemini-2.5-flash': 65_536,
  'gemini-flash-latest': 65_536,
  'gemini-flash-lite-latest': 65_536,
  'gemini-2.0-flash': 8192,
  'gemini-1.5': 8192,
  // DeepSeek (V3.2: chat up to 8K, reasoner up to 64K)
  'deepseek-chat': 8192,
  'deepseek-reasoner': 65_536,
  // Qwen (Model Studio)
  'qwen3-max': 65_536,
  'qwen-max': 8192,
  'qwen-plus': 32_768,
  'qwen-turbo': 16_384,
  'qwen-flash': 32_768,
  'qwen3-coder-plus': 65_536,
  'qwen3-coder-flash': 65_536,
  // GLM (Z.ai)
  'glm-4.6': 128_000,
  'glm-4.5': 96_000,
  'glm-4.5v': 16_384,
  // Moonshot / Kimi (moonshot-v1-*: the whole context, prompt included)
  'kimi-k2': 32_768,
  'kimi-k2-thinking': 65_536,
  'moonshot-v1-8k': 8192,
  'moonshot-v1-32k': 32_768,
  'moonshot-v1-128k': 131_072,
  // MiniMax
  'minimax-m2': 128_000,
  'minimax-m1': 80_000,
  'minimax-text-01': 40_000,
};

/**
 * The model's max output tokens, or undefined when the table does not know it: the exact name
 * (case-insensitive, a `provider/` prefix dropped), else the longest name it starts with followed
 * by `-`, `@` or `:` (`gpt-4o-2024-08-06` → `gpt-4o`, `claude-sonnet-4-5-20250929`).
 */
export const modelOutputLimit = familyLookup(MODEL_OUTPUT_LIMITS);
