// Renders a remote's page inside the providers the shell gives it (router, query client, i18n),
// with a probe that shows the current location, for the remotes' page tests.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18next, initI18n } from '../i18n/i18n';
import { createQueryClient } from '../query/create-query-client';
import { installMatchMedia } from './dom-shims';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderPageOptions {
  url: string;
  language?: 'zh' | 'en';
  /** Registers the remote's translations. */
  registerTranslations: () => void;
}

/** Renders `page` at route `path`, opened at `options.url`; returns the view and the navigate spy
 * the central error handling calls. */
export async function renderRoutedPage(path: string, page: ReactNode, options: RenderPageOptions) {
  installMatchMedia();
  initI18n();
  options.registerTranslations();
  await i18next.changeLanguage(options.language ?? 'zh');
  const navigate = vi.fn();
  const queryClient = createQueryClient({ navigate });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, navigate };
}
