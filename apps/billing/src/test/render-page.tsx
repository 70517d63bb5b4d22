// Test helper: renders a billing page inside the providers the shell gives it.
import { createQueryClient, i18next, initI18n } from '@switchyard/console-kit';
import { installMatchMedia } from '@switchyard/console-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { registerBillingTranslations } from '../i18n';

export async function renderPage(page: ReactNode, url = '/', language: 'zh' | 'en' = 'zh') {
  installMatchMedia();
  initI18n();
  registerBillingTranslations();
  await i18next.changeLanguage(language);
  return render(
    <QueryClientProvider client={createQueryClient({ navigate: vi.fn() })}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
