// Dashboard buckets: GET /api/data/ (admin, optionally one username) or /api/data/self, with the
// time up to which the server has folded the logs in (read from the whole reply).
import { http } from '@switchyard/console-kit';
import type { UsageBucket, UsageDataReply } from '@switchyard/contracts';

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

export async function fetchUsageData(admin: boolean, query: UsageDataQuery): Promise<UsageData> {
  const reply = await http.get<UsageDataReply>(admin ? '/api/data/' : '/api/data/self', {
    params: { ...query, username: admin && query.username ? query.username : undefined },
  });
  return { buckets: reply.data.data ?? [], foldedAt: reply.data.folded_at ?? 0 };
}
