// The first-run checklist's three facts, each from the server: credit, a key, a first call.
import { useQuery } from '@tanstack/react-query';
import { useSelf } from '../../quickstart/use-quickstart';
import { countConsumeLogs, countTokens } from './getting-started.api';

export const TOKEN_COUNT_KEY = ['billing', 'tokens', 'count'] as const;
const CALLS_KEY = ['billing', 'first-run', 'calls'] as const;
/** How often the last step looks for the first consume log while it is still open. */
export const FIRST_CALL_POLL_MS = 5_000;

export interface FirstRunSteps {
  loaded: boolean;
  credit: boolean;
  key: boolean;
  call: boolean;
}

export function useFirstRun(): FirstRunSteps {
  const self = useSelf();
  const tokens = useQuery({ queryKey: TOKEN_COUNT_KEY, queryFn: countTokens });
  const calls = useQuery({
    queryKey: CALLS_KEY,
    queryFn: countConsumeLogs,
    // Ticks itself: polls until the first consume log appears, then stops.
    refetchInterval: (query) => ((query.state.data ?? 0) > 0 ? false : FIRST_CALL_POLL_MS),
  });
  const user = self.data;
  return {
    loaded: self.isSuccess && tokens.isSuccess && calls.isSuccess,
    // Credit was added when there is some, or some was already spent.
    credit: user ? user.quota > 0 || user.used_quota > 0 : false,
    key: (tokens.data ?? 0) > 0,
    call: (calls.data ?? 0) > 0 || (user?.request_count ?? 0) > 0,
  };
}
