// The headers an Anthropic upstream is called with, by the adapter and by the native Messages route.
import { ANTHROPIC_VERSION } from './wire';

/** Headers for an Anthropic upstream: the channel's key, the client's version and betas. */
export function anthropicHeaders(
  key: string,
  client: Record<string, string> | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-api-key': key,
    'anthropic-version': client?.['anthropic-version'] || ANTHROPIC_VERSION,
  };
  const beta = client?.['anthropic-beta'];
  if (beta) headers['anthropic-beta'] = beta;
  return headers;
}
