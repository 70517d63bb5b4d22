// The one test renderer of the console apps: a page (or any component) inside the providers the
// shell gives a remote page — router, query client with the central error handling, i18n — with a
// probe showing the current location, optionally signed in.
import { Message } from '@arco-design/web-react';
import type { SessionUser } from '@switchyard/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { i18next, initI18n } from '../i18n/i18n';
import { createQueryClient } from '../query/create-query-client';
import { useSessionStore } from '../store/session-store';
import { installMatchMedia } from './dom-shims';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderPageOptions {
  /** Where the page opens; `/` by default. */
  url?: string;
  /** The route the page is mounted at (with params such as `:id`); the url's path by default.
   * Any other path renders only the location probe. */
  path?: string;
  /** `zh` by default. */
  language?: 'zh' | 'en';
  /** Signs this user in (status cleared, local settings emptied); the store is left as it is
   * when not given. */
  user?: SessionUser | null;
}

/** A signed-in user of `role` (alice, id 7, group default). */
export const userWithRole = (role: number): SessionUser => ({
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role,
  status: 1,
  group: 'default',
});

/** Renders `page`; returns the view, the router (for back and forward) and the navigate spy the
 * central error handling calls. */
export async function renderPage(page: ReactNode, options: RenderPageOptions = {}) {
  const url = options.url ?? '/';
  installMatchMedia();
  initI18n();
  await i18next.changeLanguage(options.language ?? 'zh');
  Message.clear();
  if (options.user !== undefined) {
    localStorage.clear();
    useSessionStore.setState({ user: options.user, status: null });
  }
  const path = options.path ?? new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {page}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const navigate = vi.fn();
  const queryClient = createQueryClient({ navigate });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, navigate, router, queryClient };
}
