// Test helper: the whole console (layout, routes, providers) at a URL, with the API answered by a
// handler and the federation runtime mocked by the caller.
import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import {
  createQueryClient,
  i18next,
  initI18n,
  loadSessionData,
  useSessionStore,
} from '@switchyard/console-kit';
import { installMatchMedia, mockHttp } from '@switchyard/console-kit/testing';
import type { PublicStatus, SessionUser } from '@switchyard/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { registerShellTranslations } from '../i18n';
import { consoleRoutes } from '../routes/create-router';

export const TEST_STATUS = {
  version: 'v0.1.0-alpha.7',
  system_name: 'Switchyard',
  logo: '',
  footer_html: '',
  chat_link: '',
  enable_data_export: false,
  enable_drawing: false,
  enable_task: false,
  default_collapse_sidebar: false,
  display_in_currency: true,
  quota_per_unit: 500000,
  password_login: true,
  register_enabled: true,
  status_page_enabled: false,
  password_register: true,
} as PublicStatus;

export interface ConsoleOptions {
  url: string;
  user?: SessionUser | null;
  status?: Partial<PublicStatus>;
  /** Extra API answers by path; the status and empty contents are answered by default. */
  api?: Record<string, { status?: number; body: unknown }>;
}

export const userWithRole = (role: number): SessionUser => ({
  id: 2,
  username: 'alice',
  display_name: 'Alice',
  role,
  status: 1,
  group: 'default',
});

export async function renderConsole(options: ConsoleOptions) {
  installMatchMedia();
  localStorage.clear();
  initI18n();
  registerShellTranslations();
  await i18next.changeLanguage('en');
  useSessionStore.setState({ ...loadSessionData(), language: 'en', status: null, user: null });
  if (options.user) useSessionStore.getState().setUser(options.user);

  const status = { ...TEST_STATUS, ...options.status };
  const ok = (data: unknown) => ({ body: { success: true, message: '', data } });
  const http = mockHttp((config) => {
    const path = config.url ?? '';
    const custom = options.api?.[path];
    if (custom) return custom;
    if (path === '/api/status') return ok(status);
    if (path === '/api/user/self') return ok(options.user);
    if (path === '/api/org/self') return ok([]);
    return ok('');
  });

  const router = createMemoryRouter(consoleRoutes(), { initialEntries: [options.url] });
  const queryClient = createQueryClient({ navigate: (to) => void router.navigate(to) });
  const view = render(
    <ConfigProvider locale={enUS}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...view, router, http };
}
