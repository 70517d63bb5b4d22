// Once at start, when a user is stored: ask the server whether the session still holds. A 401 goes
// through the central handler (clears the user, to /login?expired=true); a reply refreshes the user
// unless the user signed out meanwhile.
import { useSessionStore } from '@switchyard/console-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { getSelf } from '../api/session.api';

export function useSessionCheck(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { user, setUser } = useSessionStore.getState();
    if (!user) return;
    queryClient
      .fetchQuery({ queryKey: queryKeys.self, queryFn: getSelf, retry: false })
      .then((self) => {
        // A reply that comes after a logout (or a sign-in as someone else) is no longer news.
        if (useSessionStore.getState().user?.id !== self.id) return;
        setUser({
          id: self.id,
          username: self.username,
          display_name: self.display_name,
          role: self.role,
          status: self.status,
          group: self.group,
        });
      })
      .catch(() => {
        // Already shown (or acted on) by the central handler.
      });
  }, [queryClient]);
}
