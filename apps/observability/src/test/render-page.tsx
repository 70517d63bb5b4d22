// Test helper: renders an observability page with the shell's providers, signed in as `role`.
import { createQueryClient, i18next, initI18n, useSessionStore } from '@switchyard/console-kit';
import { installMatchMedia } from '@switchyard/console-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { registerObservabilityTranslations } from '../i18n';

export async function renderAs(
  role: number,
  page: ReactNode,
  { url = '/', language = 'en' }: { url?: string; language?: 'zh' | 'en' } = {},
) {
  installMatchMedia();
  initI18n();
  registerObservabilityTranslations();
  await i18next.changeLanguage(language);
  localStorage.clear();
  useSessionStore.setState({
    user: { id: 7, username: 'alice', display_name: 'Alice', role, status: 1, group: 'default' },
    status: null,
  });
  const client = createQueryClient({ navigate: vi.fn() });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
