// The pricing options read as numbers: model ratio, per-call price, completion ratio, group
// ratios. One place for the rules the relay bills by and the pricing page shows.

import type { OptionKey } from '@switchyard/contracts/options';
import {
  FALLBACK_CACHE_CREATION_1H_RATIO,
  FALLBACK_CACHE_CREATION_RATIO,
  FALLBACK_CACHE_RATIO,
} from '@switchyard/contracts/pricing';
import type { OptionsStore } from '../options/options.store';

/** Ratio of a model that no price or ratio names (the reference's rule; logged once per model). */
export const UNKNOWN_MODEL_RATIO = 30;

type RatioMap = Record<string, number>;

/** Built-in completion ratios by model family; the CompletionRatio option overrides any of them. */
function builtInCompletionRatio(model: string): number | undefined {
  const name = model.toLowerCase();
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return 3;
    if (name.endsWith('1106')) return 2;
    return 4 / 3;
  }
  if (name.startsWith('gpt-4o-mini')) return 4;
  if (name.startsWith('gpt-4o')) return 3;
  if (name.startsWith('gpt-4-turbo') || name.endsWith('preview')) return 3;
  if (name.startsWith('gpt-4')) return 2;
  if (name.startsWith('claude-instant-1') || name.startsWith('claude-2')) return 3;
  if (name.startsWith('claude-3')) return 5;
  if (name.startsWith('mistral-') || name.startsWith('gemini-')) return 3;
  if (name.startsWith('command-r-plus')) return 5;
  if (name.startsWith('command-r')) return 3;
  if (name.startsWith('command')) return 2;
  if (name.startsWith('deepseek')) return 2;
  return undefined;
}

/** A ratio option read once: names looked up by key, `prefix-*` wildcards in their order. */
interface RatioTable {
  exact: Map<string, number>;
  wildcards: [prefix: string, value: number][];
}

function tableOf(map: RatioMap): RatioTable {
  const table: RatioTable = { exact: new Map(), wildcards: [] };
  for (const [pattern, value] of Object.entries(map)) {
    table.exact.set(pattern, value);
    if (pattern.endsWith('*')) table.wildcards.push([pattern.slice(0, -1), value]);
  }
  return table;
}

/**
 * Looks a model up by exact name, then by the wildcard entries. A Map, so a caller's model named
 * like an Object property (`constructor`) is just an unknown name.
 */
function lookup(table: RatioTable, model: string): number | undefined {
  const exact = table.exact.get(model);
  if (exact !== undefined) return exact;
  for (const [prefix, value] of table.wildcards) {
    if (model.startsWith(prefix)) return value;
  }
  return undefined;
}

export interface ModelPricing {
  /** 0: billed by tokens with the model ratio; 1: a fixed price per call. */
  quotaType: 0 | 1;
  modelRatio: number;
  /** Dollars per call when quotaType is 1, else 0. */
  modelPrice: number;
  completionRatio: number;
  /** Cached input read, 5-minute and 1-hour cache writes, relative to the input price. */
  cacheRatio: number;
  cacheCreationRatio: number;
  cacheCreation1hRatio: number;
  /** False when no option names the model and it falls to UNKNOWN_MODEL_RATIO. */
  known: boolean;
}

export class PricingRules {
  private readonly parsed = new Map<OptionKey, { raw: string; value: RatioTable }>();

  constructor(private readonly options: OptionsStore) {}

  /** The option's table, parsed again only when its text changed. */
  private map(key: OptionKey): RatioTable {
    const raw = this.options.get(key);
    const cached = this.parsed.get(key);
    if (cached && cached.raw === raw) return cached.value;
    const value = tableOf(this.options.getJson<RatioMap>(key));
    this.parsed.set(key, { raw, value });
    return value;
  }

  /** Price per call in dollars, when the model is billed per call. */
  modelPrice(model: string): number | undefined {
    return lookup(this.map('ModelPrice'), model);
  }

  modelRatio(model: string): number | undefined {
    return lookup(this.map('ModelRatio'), model);
  }

  completionRatio(model: string): number {
    return lookup(this.map('CompletionRatio'), model) ?? builtInCompletionRatio(model) ?? 1;
  }

  /** The cache ratios of CacheRatio, CacheCreationRatio and CacheCreation1hRatio. */
  cacheRatios(
    model: string,
  ): Pick<ModelPricing, 'cacheRatio' | 'cacheCreationRatio' | 'cacheCreation1hRatio'> {
    return {
      cacheRatio: lookup(this.map('CacheRatio'), model) ?? FALLBACK_CACHE_RATIO,
      cacheCreationRatio:
        lookup(this.map('CacheCreationRatio'), model) ?? FALLBACK_CACHE_CREATION_RATIO,
      cacheCreation1hRatio:
        lookup(this.map('CacheCreation1hRatio'), model) ?? FALLBACK_CACHE_CREATION_1H_RATIO,
    };
  }

  /** Everything the relay and the pricing page need about one model. */
  forModel(model: string): ModelPricing {
    const price = this.modelPrice(model);
    const ratios = { completionRatio: this.completionRatio(model), ...this.cacheRatios(model) };
    if (price !== undefined) {
      return { quotaType: 1, modelRatio: 0, modelPrice: price, ...ratios, known: true };
    }
    const ratio = this.modelRatio(model);
    return {
      quotaType: 0,
      modelRatio: ratio ?? UNKNOWN_MODEL_RATIO,
      modelPrice: 0,
      ...ratios,
      known: ratio !== undefined,
    };
  }

  /** The group's ratio; a group the option does not name costs 1. */
  groupRatio(group: string): number {
    return this.map('GroupRatio').exact.get(group) ?? 1;
  }

  /** The ratio applied to online top-up prices for the group; unnamed groups pay 1. */
  topupGroupRatio(group: string): number {
    return this.map('TopupGroupRatio').exact.get(group) ?? 1;
  }

  /** Group names the GroupRatio option defines. */
  groups(): string[] {
    return [...this.map('GroupRatio').exact.keys()];
  }
}
