// What a route renders: a redirect to /login, the not-found page, or its page.
import { EXPIRED_LOGIN_PATH, useSessionStore } from '@switchyard/console-kit';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import { AboutPage } from '../pages/about/about-page';
import { ChatPage } from '../pages/chat/chat-page';
import { HomePage } from '../pages/home/home-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { SettingsPage } from '../pages/settings/settings-page';
import { canAccess } from './can-access';
import type { PageRef, RouteEntry, ShellPageId } from './route-table';

const SHELL_PAGES: Record<ShellPageId, () => ReactNode> = {
  home: () => <HomePage />,
  about: () => <AboutPage />,
  chat: () => <ChatPage />,
  settings: () => <SettingsPage />,
  'not-found': () => <NotFoundPage />,
};

function Page({ page }: { page: PageRef }) {
  if (page.kind === 'remote') return <RemotePage key={page.module} module={page.module} />;
  return SHELL_PAGES[page.page]();
}

export function RouteElement({ route }: { route: RouteEntry }) {
  const user = useSessionStore((state) => state.user);
  const sessionExpired = useSessionStore((state) => state.sessionExpired);
  const decision = canAccess(route, user);
  if (decision === 'login') {
    return <Navigate to={sessionExpired ? EXPIRED_LOGIN_PATH : '/login'} replace />;
  }
  if (decision === 'forbidden') return <NotFoundPage />;
  return <Page page={route.page} />;
}
