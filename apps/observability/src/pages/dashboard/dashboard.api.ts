// Dashboard calls: usage buckets from the data table's `all` (admin, optionally one username) or
// `self`, or an org's from the org table's `data` (issue 32), with the time up to which they are
// complete (read beside `data` in the envelope); and the per-token cache-hit reads (issue 28) from
// the same source.
import { callEnvelope, createEndpointApi } from '@switchyard/console-kit';
import type { TokenCacheBucket, UsageBucket } from '@switchyard/contracts';
import { dataEndpoints, orgEndpoints } from '@switchyard/contracts/endpoints';

const dataApi = createEndpointApi(dataEndpoints);
const orgsApi = createEndpointApi(orgEndpoints);

/** Whose usage the dashboard reads. */
export type UsageSource = { kind: 'admin' } | { kind: 'self' } | { kind: 'org'; orgId: number };

export interface UsageDataQuery {
  start_timestamp: number;
  end_timestamp: number;
  username?: string;
}

export interface UsageData {
  buckets: UsageBucket[];
  /** Every consume log created before this (unix seconds) is in the buckets; 0: not yet. */
  foldedAt: number;
}

export async function fetchUsageData(
  source: UsageSource,
  query: UsageDataQuery,
): Promise<UsageData> {
  const range = { start_timestamp: query.start_timestamp, end_timestamp: query.end_timestamp };
  const reply =
    source.kind === 'admin'
      ? await callEnvelope(dataEndpoints.all, {
          query: { ...range, username: query.username ? query.username : undefined },
        })
      : source.kind === 'org'
        ? await callEnvelope(orgEndpoints.data, { params: { id: source.orgId }, query: range })
        : await callEnvelope(dataEndpoints.self, { query: range });
  return { buckets: reply.data ?? [], foldedAt: reply.folded_at ?? 0 };
}

export interface TokenCacheQuery {
  start_timestamp: number;
  end_timestamp: number;
  top: number;
}

/**
 * The top tokens' hourly prompt and cached tokens: every user's (admins), mine, or those of the
 * calls an org paid for (its owners and admins: every member's tokens; a member: their own).
 */
export function fetchTokenCache(
  source: UsageSource,
  query: TokenCacheQuery,
): Promise<TokenCacheBucket[]> {
  switch (source.kind) {
    case 'admin':
      return dataApi.tokenCache({ query });
    case 'org':
      return orgsApi.tokenCache({ params: { id: source.orgId }, query });
    default:
      return dataApi.tokenCacheSelf({ query });
  }
}
