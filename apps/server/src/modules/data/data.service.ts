// Dashboard data: hourly consumption buckets for a time range (admins: everyone or one user; an
// org's: what its wallet paid for), and each token's prompt-cache reads per hour (issue 28).
import {
  orgFunding,
  type TokenCacheBucket,
  type TokenCacheQuery,
  USAGE_DATA_MAX_SPAN,
  type UsageBucket,
  type UsageDataQuery,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { QUOTA_DATA_WATERMARK } from '../../db/migrations/2026-11-22T0600-observability';
import { refuse } from '../../lib/errors';
import { listModelBuckets, listUserBuckets, readFoldedAt, sumFundedUsage } from './data.repository';
import { hourlyCacheReads, type TokenCacheFilter, topPromptTokens } from './token-cache.repository';

const pickName = ({ token_name, username }: { token_name: string; username: string }) => ({
  token_name,
  username,
});

type Range = Pick<UsageDataQuery, 'start_timestamp' | 'end_timestamp'>;

function rangeOf(query: Range): { start: number; end: number } {
  const { start_timestamp: start, end_timestamp: end } = query;
  if (end < start) throw refuse('data.rangeReversed');
  if (end - start > USAGE_DATA_MAX_SPAN) throw refuse('data.rangeTooWide');
  return { start, end };
}

export class UsageDataService {
  constructor(private readonly db: Db) {}

  async forAdmin(query: UsageDataQuery): Promise<UsageBucket[]> {
    const range = rangeOf(query);
    return query.username
      ? listUserBuckets(this.db, { ...range, username: query.username })
      : listModelBuckets(this.db, range);
  }

  async forUser(userId: number, query: Range): Promise<UsageBucket[]> {
    return listUserBuckets(this.db, { ...rangeOf(query), userId });
  }

  /** What org `orgId`'s wallet paid for: every member's, or one member's (`userId`). */
  async forOrg(orgId: number, userId: number | undefined, query: Range): Promise<UsageBucket[]> {
    return sumFundedUsage(this.db, { ...rangeOf(query), funding: orgFunding(orgId), userId });
  }

  /** The top tokens by prompt tokens and their hourly reads; `userId` undefined: every user's. */
  tokenCache(userId: number | undefined, query: TokenCacheQuery): Promise<TokenCacheBucket[]> {
    return this.tokenCacheOf({ ...rangeOf(query), userId }, query.top);
  }

  /** The same for the calls org `orgId`'s wallet paid for: every member's, or one member's. */
  tokenCacheForOrg(
    orgId: number,
    userId: number | undefined,
    query: TokenCacheQuery,
  ): Promise<TokenCacheBucket[]> {
    return this.tokenCacheOf({ ...rangeOf(query), userId, funding: orgFunding(orgId) }, query.top);
  }

  private async tokenCacheOf(filter: TokenCacheFilter, top: number): Promise<TokenCacheBucket[]> {
    const rows = await hourlyCacheReads(
      this.db,
      filter,
      await topPromptTokens(this.db, filter, top),
    );
    // One name per token, its newest hour's (a renamed token's hours carry both names).
    const names = new Map<number, { token_name: string; username: string }>();
    for (const row of rows) names.set(row.token_id, row);
    return rows.map((row) => ({ ...row, ...pickName(names.get(row.token_id) ?? row) }));
  }

  /** Every consume log created before this (unix seconds) is in the buckets; 0: not yet. */
  foldedAt(): Promise<number> {
    return readFoldedAt(this.db, QUOTA_DATA_WATERMARK);
  }
}
