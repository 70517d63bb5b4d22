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

export function App({ router, queryClient }: AppProps) {
  const language = useSessionStore((state) => state.language);
  return (
    <ConfigProvider locale={language === 'zh' ? zhCN : enUS} effectGlobalNotice effectGlobalModal>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
