// Providers of the whole console: arco locale and global notices, the shared query client, the router.
import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { useSessionStore } from '@switchyard/console-kit';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import type { createConsoleRouter } from './routes/create-router';

export interface AppProps {
  router: ReturnType<typeof createConsoleRouter>;
  queryClient: QueryClient;
}

// arco's page-size box puts aria-label on a plain div (an ARIA misuse axe reports); the visible
// "10 / page" text names it.
const withoutPageSizeLabel = (locale: typeof enUS): typeof enUS => ({
  ...locale,
  Pagination: { ...locale.Pagination, pageSize: '' },
});
const LOCALES = { zh: withoutPageSizeLabel(zhCN), en: withoutPageSizeLabel(enUS) };

/**
 * Defaults for every arco component: an InputNumber without bounds would announce
 * aria-valuemin/max of ±Infinity, which is not a valid value; the safe integers are the bounds.
 */
const COMPONENT_CONFIG = {
  InputNumber: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};

export function App({ router, queryClient }: AppProps) {
  const language = useSessionStore((state) => state.language);
  return (
    <ConfigProvider
      locale={LOCALES[language === 'zh' ? 'zh' : 'en']}
      componentConfig={COMPONENT_CONFIG}
      effectGlobalNotice
      effectGlobalModal
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
