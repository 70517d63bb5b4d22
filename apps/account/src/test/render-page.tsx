// Test helper: renders a account page inside the providers the shell gives it.
import { renderRoutedPage } from '@switchyard/console-kit/testing';
import type { ReactNode } from 'react';
import { registerAccountTranslations } from '../i18n';

export function renderPage(
  path: string,
  page: ReactNode,
  options: { url: string; language?: 'zh' | 'en' },
) {
  return renderRoutedPage(path, page, {
    ...options,
    registerTranslations: registerAccountTranslations,
  });
}
