// The request's checks before anything is reserved (token model limits, quota left; sensitive
// words after the limits) and what it reserves: an image's full price, or the prompt plus the reply it may get.
import { modelOutputLimit } from '@switchyard/contracts/pricing';
import type { PriceQuote, RelayBilling } from '../../ledger/billing';
import type { OptionsStore } from '../../modules/options/options.store';
import type { DialectRequest } from '../dialects/types';
import { RelayError } from '../relay-errors';
import { assertHasQuota, assertModelAllowed, type RelayCaller } from './admission';
import { countPromptTokens, promptText } from './relay-request';
import { findSensitiveWords } from './sensitive';

/** What a request reserves: quota, the tokens it assumes (TPM) and its reply's share of them. */
interface Estimate {
  quota: number;
  tokens: number;
  completion: number;
}

/**
 * The most reply tokens a reservation assumes: the longest replies of reasoning models fit, and
 * a client's larger max_tokens (or a 128K output limit) does not hold quota it will not use.
 */
export const RESERVED_OUTPUT_CAP = 32_768;

/** Token model limits and quota left, before anything is reserved; returns the prompt's text. */
export function checkRequest(caller: RelayCaller, parsed: DialectRequest): string {
  assertModelAllowed(caller, parsed.model);
  assertHasQuota(caller);
  return promptText(parsed);
}

/**
 * The sensitive-word check: after the token's limits (a caller over them costs no scan), before
 * anything is reserved or sent.
 */
export async function checkPrompt(options: OptionsStore, text: string): Promise<void> {
  const words = await findSensitiveWords(options, text);
  if (words.length > 0) {
    throw new RelayError(400, 'relay.sensitiveWords', 'sensitive_words_detected', {
      words: words.join(', '),
    });
  }
}

/**
 * The reservation (an image's full price, or the prompt plus the reply it may get at the
 * completion ratio) and the tokens it assumes, for the TPM limits. The reply is max_tokens, or
 * without it the model's output limit (contracts' table), at most RESERVED_OUTPUT_CAP tokens;
 * a model the table does not know reserves PreConsumedQuota tokens as before. A reservation
 * from the table is kept within what the caller can pay (never below PreConsumedQuota's), so it
 * refuses no one the flat reservation served: a reply above it is charged as far as the
 * balances reach (`other.capped`). Its prompt is sized from the text (a third of its UTF-8
 * bytes: about right for CJK, above English), not tokenized: the output share dominates it and
 * the settlement counts the real usage.
 */
export async function estimateReservation(
  deps: { billing: RelayBilling; options: OptionsStore },
  caller: RelayCaller,
  parsed: DialectRequest,
  quote: PriceQuote,
  text: string,
): Promise<Estimate> {
  const { billing, options } = deps;
  if (parsed.mode === 'images') {
    return { quota: billing.imageCost(quote, parsed.body), tokens: 0, completion: 0 };
  }
  const outputLimit = parsed.maxTokens > 0 ? parsed.maxTokens : modelOutputLimit(quote.model);
  if (outputLimit === undefined) {
    const tokens = options.getInt('PreConsumedQuota');
    return { quota: billing.estimate(quote, tokens), tokens, completion: 0 };
  }
  const completion = Math.min(outputLimit, RESERVED_OUTPUT_CAP);
  if (parsed.maxTokens > 0) {
    const prompt = await countPromptTokens(parsed, quote.model);
    const quota = billing.estimate(quote, prompt, completion);
    return { quota, tokens: prompt + completion, completion };
  }
  const prompt = Math.ceil(Buffer.byteLength(text) / 3);
  const flat = billing.estimate(quote, options.getInt('PreConsumedQuota'));
  const quota = billing.estimate(quote, prompt, completion);
  return {
    quota: Math.max(flat, Math.min(quota, billing.payable(caller))),
    tokens: prompt + completion,
    completion,
  };
}
