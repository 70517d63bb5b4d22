// Dashboard data: hourly consumption buckets for a time range (admins: everyone or one user).
import { USAGE_DATA_MAX_SPAN, type UsageBucket, type UsageDataQuery } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { QUOTA_DATA_WATERMARK } from '../../db/migrations/2026-11-22T0600-observability';
import { refuse } from '../../lib/errors';
import { listModelBuckets, listUserBuckets, readFoldedAt } from './data.repository';

function rangeOf(query: UsageDataQuery): { start: number; end: number } {
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

  async forUser(userId: number, query: UsageDataQuery): Promise<UsageBucket[]> {
    return listUserBuckets(this.db, { ...rangeOf(query), userId });
  }

  /** Every consume log created before this (unix seconds) is in the buckets; 0: not yet. */
  foldedAt(): Promise<number> {
    return readFoldedAt(this.db, QUOTA_DATA_WATERMARK);
  }
}
