// The price rules of a relayed request: the quote for a model and group, the quota a usage costs
// (spec §9), an image request's price, and what to reserve up front.
import { QUOTA_PER_DOLLAR } from '@switchyard/contracts';
import { type TokenPrice, tokenQuota } from '@switchyard/contracts/pricing';
import type { PricingRules } from '../modules/pricing/pricing-rules';
import type { Usage } from '../relay/canonical/usage';

export interface PriceQuote extends TokenPrice {
  model: string;
  perCall: boolean;
  /** Dollars per call, or -1 when the model is billed by tokens. */
  modelPrice: number;
}

/** Dollars per image per unit of model ratio, for image models without a per-call price. */
const IMAGE_DOLLARS_PER_RATIO = 0.0025;
const IMAGE_SIZE_FACTORS: Record<string, number> = {
  '256x256': 0.4,
  '512x512': 0.45,
  '1024x1024': 1,
  '1792x1024': 2,
  '1024x1792': 2,
};

export function priceQuote(rules: PricingRules, model: string, group: string): PriceQuote {
  const pricing = rules.forModel(model);
  return {
    model,
    perCall: pricing.quotaType === 1,
    modelRatio: pricing.modelRatio,
    modelPrice: pricing.quotaType === 1 ? pricing.modelPrice : -1,
    completionRatio: pricing.completionRatio,
    cacheRatio: pricing.cacheRatio,
    cacheCreationRatio: pricing.cacheCreationRatio,
    cacheCreation1hRatio: pricing.cacheCreation1hRatio,
    groupRatio: rules.groupRatio(group),
  };
}

/** Quota for the usage (spec §9, `tokenQuota` of contracts): cached reads and cache writes at
 * their ratios, reasoning as completion; at least 1 when the ratio is not 0. */
export function quotaCost(quote: PriceQuote, usage: Usage): number {
  if (quote.perCall) return Math.round(quote.modelPrice * QUOTA_PER_DOLLAR * quote.groupRatio);
  return tokenQuota(quote, usage);
}

/**
 * An image request's price, known up front: the per-call price (or 0.0025 × model ratio
 * dollars) × size × quality × n × group ratio.
 */
export function imageQuota(quote: PriceQuote, body: Record<string, unknown>): number {
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  const longSide = Math.max(...size.split('x').map(Number).filter(Number.isFinite), 1024);
  const sizeFactor = IMAGE_SIZE_FACTORS[size] ?? (longSide > 1024 ? 2 : 1);
  const hd = body.quality === 'hd' && quote.model.startsWith('dall-e-3');
  const qualityFactor = hd ? (longSide > 1024 ? 1.5 : 2) : 1;
  const count = typeof body.n === 'number' && body.n > 0 ? Math.floor(body.n) : 1;
  const price = quote.perCall ? quote.modelPrice : IMAGE_DOLLARS_PER_RATIO * quote.modelRatio;
  return Math.round(
    price * sizeFactor * qualityFactor * count * quote.groupRatio * QUOTA_PER_DOLLAR,
  );
}

/**
 * What to reserve: the per-call price, or `tokens` (prompt, or PreConsumedQuota) plus
 * `completionTokens` (max_tokens) at the completion ratio — what the reply may really cost,
 * so that a cost above the reservation (capped at the balance) stays rare.
 */
export function reserveEstimate(quote: PriceQuote, tokens: number, completionTokens = 0): number {
  if (quote.perCall) return quotaCost(quote, { promptTokens: 0, completionTokens: 0 });
  const weighted = tokens + completionTokens * quote.completionRatio;
  return Math.round(weighted * quote.modelRatio * quote.groupRatio);
}
