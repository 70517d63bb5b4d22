// The console's TanStack Query client: every failed query or mutation goes through reportError,
// so remotes sharing this client (a federation singleton) get the same handling.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ReportErrorOptions, reportError } from '../errors/report-error';
import { isApiError } from '../http/api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` — the caller shows the failure itself. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && isApiError(error) && error.kind === 'network';

export function createQueryClient(options: ReportErrorOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error, options);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportError(error, options);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
