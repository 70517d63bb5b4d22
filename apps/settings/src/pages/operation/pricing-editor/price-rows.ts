// The pricing ratio options read as one row per model in dollars, and written back. Ratio 1 is
// $2 per 1M input tokens (500000 quota = $1, one token of ratio 1 costs 1 quota); output, cache
// read and cache write are ratios of the input price; a per-call price is in dollars already.
import type { OptionKey } from '@switchyard/contracts/options';

export const PRICE_OPTIONS = [
  'ModelRatio',
  'CompletionRatio',
  'ModelPrice',
  'CacheRatio',
  'CacheCreationRatio',
] as const satisfies readonly OptionKey[];
export type PriceOption = (typeof PRICE_OPTIONS)[number];
export type PriceMaps = Record<PriceOption, Record<string, number>>;

/** Dollars per 1M input tokens at model ratio 1. */
export const DOLLARS_PER_RATIO = 2;

export interface PriceRow {
  model: string;
  /** $ per 1M tokens; undefined when the model has no ratio (a per-call model). */
  input?: number;
  /** $ per 1M tokens; undefined when no completion ratio is set (the server's built-in rule). */
  output?: number;
  perCall?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export type PriceField = Exclude<keyof PriceRow, 'model'>;

/** Six decimals at most: ratios like 0.075 × 2 come back as 0.15, not 0.15000000000000002. */
const tidy = (value: number): number => Number(value.toFixed(6));

/** Parses the five options; a value that is not a JSON object of numbers reads as empty. */
export function readMaps(values: Partial<Record<OptionKey, string>>): PriceMaps {
  const maps = {} as PriceMaps;
  for (const key of PRICE_OPTIONS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values[key] ?? '{}');
    } catch {
      parsed = {};
    }
    const entries = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
    maps[key] = Object.fromEntries(
      entries.filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  }
  return maps;
}

export function rowsOf(maps: PriceMaps): PriceRow[] {
  const names = new Set([...Object.keys(maps.ModelRatio), ...Object.keys(maps.ModelPrice)]);
  return [...names].sort().map((model) => {
    const ratio = maps.ModelRatio[model];
    const input = ratio === undefined ? undefined : tidy(ratio * DOLLARS_PER_RATIO);
    const times = (factor: number | undefined) =>
      input === undefined || factor === undefined ? undefined : tidy(input * factor);
    return {
      model,
      input,
      output: times(maps.CompletionRatio[model]),
      perCall: maps.ModelPrice[model],
      cacheRead: times(maps.CacheRatio[model]),
      cacheWrite: times(maps.CacheCreationRatio[model]),
    };
  });
}

/**
 * The maps with one model's row written back. Output and cache prices stay the prices the row
 * shows when its input price changed (their ratios follow); an empty field removes the entry.
 */
export function withRow(maps: PriceMaps, row: PriceRow): PriceMaps {
  const next: PriceMaps = {
    ModelRatio: { ...maps.ModelRatio },
    CompletionRatio: { ...maps.CompletionRatio },
    ModelPrice: { ...maps.ModelPrice },
    CacheRatio: { ...maps.CacheRatio },
    CacheCreationRatio: { ...maps.CacheCreationRatio },
  };
  const set = (key: PriceOption, amount: number | undefined) => {
    if (amount === undefined || !Number.isFinite(amount)) delete next[key][row.model];
    else next[key][row.model] = tidy(amount);
  };
  const input = row.input;
  set('ModelRatio', input === undefined ? undefined : input / DOLLARS_PER_RATIO);
  const relative = (price: number | undefined) =>
    input === undefined || input === 0 || price === undefined ? undefined : price / input;
  set('CompletionRatio', relative(row.output));
  set('CacheRatio', relative(row.cacheRead));
  set('CacheCreationRatio', relative(row.cacheWrite));
  set('ModelPrice', row.perCall);
  return next;
}
