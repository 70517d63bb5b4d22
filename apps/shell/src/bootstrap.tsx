// Starts the console once shared singletons are negotiated (src/index.ts imports this lazily).
import '@arco-design/web-react/es/_util/react-19-adapter'; // before any arco use (React 19)
import './styles/console.css';
import { createQueryClient, getSession, initI18n } from '@switchyard/console-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadCurrentPage } from './federation/preload-current-page';
import { registerRemoteMap } from './federation/remote-registry';
import { registerShellTranslations } from './i18n';
import { createConsoleRouter } from './routes/create-router';
import { applyTheme } from './theme/apply-theme';

async function start(): Promise<void> {
  initI18n();
  registerShellTranslations();
  applyTheme(getSession().theme);
  await registerRemoteMap();
  preloadCurrentPage(window.location.pathname, getSession().user);

  const router = createConsoleRouter();
  const queryClient = createQueryClient({ navigate: (to) => void router.navigate(to) });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
