// Test helper: renders a page inside the providers the shell gives it (router, query client, i18n).
import { createQueryClient, i18next, initI18n } from '@switchyard/console-kit';
import { installMatchMedia } from '@switchyard/console-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { registerChannelsTranslations } from '../i18n';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export async function renderPage(
  path: string,
  page: ReactNode,
  options: { url: string; language?: 'zh' | 'en' },
) {
  installMatchMedia();
  initI18n();
  registerChannelsTranslations();
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
