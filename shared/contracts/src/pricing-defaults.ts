// Built-in pricing tables: the defaults of the ModelRatio, ModelPrice, CompletionRatio and cache
// ratio options. Ratio 1 means 1 quota unit per token ($0.002 per 1K tokens at 500000 units per
// dollar). Current models come from the list prices of model-price-table.ts; the rest are older
// entries kept as they were.
import {
  LIST_CACHE_CREATION_1H_RATIO,
  LIST_CACHE_CREATION_RATIO,
  LIST_CACHE_RATIO,
  LIST_COMPLETION_RATIO,
  LIST_MODEL_RATIO,
} from './model-price-table';

export const DEFAULT_MODEL_RATIO: Record<string, number> = {
  'gpt-3.5-turbo': 0.25,
  'gpt-3.5-turbo-0613': 0.75,
  'gpt-3.5-turbo-1106': 0.5,
  'gpt-3.5-turbo-0125': 0.25,
  'gpt-3.5-turbo-16k': 1.5,
  'gpt-3.5-turbo-instruct': 0.75,
  'gpt-4': 15,
  'gpt-4-32k': 30,
  'gpt-4-turbo': 5,
  'gpt-4-turbo-preview': 5,
  'gpt-4-all': 15,
  'gpt-4-gizmo-*': 15,
  'text-embedding-3-small': 0.01,
  'text-embedding-3-large': 0.065,
  'text-embedding-ada-002': 0.05,
  'text-moderation-latest': 0.1,
  'text-moderation-stable': 0.1,
  'whisper-1': 15,
  'tts-1': 7.5,
  'tts-1-hd': 15,
  'dall-e-2': 8,
  'claude-3-sonnet-20240229': 1.5,
  'gemini-pro': 1,
  'gemini-1.5-pro': 1.75,
  'gemini-1.5-flash': 0.175,
  'glm-4': 7.143,
  'command-r': 0.25,
  'command-r-plus': 1.5,
  ...LIST_MODEL_RATIO,
};

/** Models billed per call, in dollars. */
export const DEFAULT_MODEL_PRICE: Record<string, number> = {
  'dall-e-3': 0.04,
  'gpt-4-gizmo-*': 0.1,
  suno_music: 0.1,
  suno_lyrics: 0.01,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
};

export const DEFAULT_COMPLETION_RATIO: Record<string, number> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4-all': 2,
  ...LIST_COMPLETION_RATIO,
};

/** Cached input read, as a fraction of the input price (CacheRatio). */
export const DEFAULT_CACHE_RATIO: Record<string, number> = { ...LIST_CACHE_RATIO };
/** Input written to the prompt cache with the 5-minute TTL (CacheCreationRatio). */
export const DEFAULT_CACHE_CREATION_RATIO: Record<string, number> = {
  ...LIST_CACHE_CREATION_RATIO,
};
/** Input written to the prompt cache with the 1-hour TTL (CacheCreation1hRatio). */
export const DEFAULT_CACHE_CREATION_1H_RATIO: Record<string, number> = {
  ...LIST_CACHE_CREATION_1H_RATIO,
};

export const DEFAULT_GROUP_RATIO: Record<string, number> = { default: 1, vip: 1, svip: 1 };
