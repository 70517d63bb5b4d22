// Dashboard buckets: the data table's `all` (admin, optionally one username) or `self`, with the
// time up to which the server has folded the logs in (read beside `data` in the envelope).
import { callEnvelope } from '@switchyard/console-kit';
import type { UsageBucket } from '@switchyard/contracts';
import { dataEndpoints } from '@switchyard/contracts/endpoints';

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
  const reply = admin
    ? await callEnvelope(dataEndpoints.all, {
        query: { ...query, username: query.username ? query.username : undefined },
      })
    : await callEnvelope(dataEndpoints.self, {
        query: { start_timestamp: query.start_timestamp, end_timestamp: query.end_timestamp },
      });
  return { buckets: reply.data ?? [], foldedAt: reply.folded_at ?? 0 };
}
