// What a route renders: a redirect to /login, the not-found page, or its page.
import {
  EXPIRED_LOGIN_PATH,
  type LoadedComponent,
  Spinner,
  useLoadedComponent,
  useSessionStore,
} from '@switchyard/console-kit';
import { Navigate } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import { canAccess } from './can-access';
import type { PageRef, RouteEntry, ShellPageId } from './route-table';

/**
 * The shell's own pages load when first opened, like the remotes' pages: the console's start (and a
 * guest's sign-in page) does not carry their Arco modules (the settings tabs, Empty, Result's art).
 */
const SHELL_PAGES: Record<ShellPageId, () => Promise<LoadedComponent>> = {
  home: async () => (await import('../pages/home/home-page')).HomePage,
  about: async () => (await import('../pages/about/about-page')).AboutPage,
  chat: async () => (await import('../pages/chat/chat-page')).ChatPage,
  settings: async () => (await import('../pages/settings/settings-page')).SettingsPage,
  'not-found': async () => (await import('../pages/not-found/not-found-page')).NotFoundPage,
};

const loadShellPage = (page: ShellPageId) => SHELL_PAGES[page]();

function ShellPage({ page }: { page: ShellPageId }) {
  const Component = useLoadedComponent(page, loadShellPage);
  return Component ? <Component /> : <Spinner />;
}

function Page({ page }: { page: PageRef }) {
  if (page.kind === 'remote') return <RemotePage key={page.module} module={page.module} />;
  return <ShellPage page={page.page} />;
}

export function RouteElement({ route }: { route: RouteEntry }) {
  const user = useSessionStore((state) => state.user);
  const sessionExpired = useSessionStore((state) => state.sessionExpired);
  const decision = canAccess(route, user);
  if (decision === 'login') {
    return <Navigate to={sessionExpired ? EXPIRED_LOGIN_PATH : '/login'} replace />;
  }
  if (decision === 'forbidden') return <ShellPage page="not-found" />;
  return <Page page={route.page} />;
}
