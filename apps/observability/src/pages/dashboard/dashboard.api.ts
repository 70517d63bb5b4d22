// Dashboard buckets: GET /api/data/ (admin, optionally one username) or /api/data/self.
import { apiGet } from '@switchyard/console-kit';
import type { UsageBucket } from '@switchyard/contracts';

export interface UsageDataQuery {
  start_timestamp: number;
  end_timestamp: number;
  username?: string;
}

export const fetchUsageData = (admin: boolean, query: UsageDataQuery): Promise<UsageBucket[]> =>
  apiGet(admin ? '/api/data/' : '/api/data/self', {
    params: { ...query, username: admin && query.username ? query.username : undefined },
  });
