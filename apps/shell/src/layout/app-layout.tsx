// The console frame: top bar, sidebar, page area and footer. Pages render in the page area only,
// so a failing remote never takes the rest of the console down.
import { Layout } from '@arco-design/web-react';
import { dropPageSignInForm, useIsPhone, useSessionStore } from '@switchyard/console-kit';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useBootStatus } from '../boot/use-boot-status';
import { useSessionCheck } from '../boot/use-session-check';
import { applyTheme } from '../theme/apply-theme';
import { Footer } from './footer';
import { NoticeModal } from './notice-modal';
import { PageTitle } from './page-title';
import { RemoteOverrideBadge } from './remote-override-badge';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarCollapse } from './use-sidebar-collapse';

const PhoneNav = lazy(async () => ({ default: (await import('./deferred/phone-nav')).PhoneNav }));

export function AppLayout() {
  useBootStatus();
  useSessionCheck();
  const theme = useSessionStore((state) => state.theme);
  const systemName = useSessionStore((state) => state.status?.system_name);
  const defaultCollapse = useSessionStore(
    (state) => state.status?.default_collapse_sidebar ?? false,
  );
  const [collapsed, setCollapsed] = useSidebarCollapse(defaultCollapse);
  const phone = useIsPhone();
  const drawer = usePhoneDrawer(phone);
  const { pathname } = useLocation();
  // The sign-in form sent with /login is the account page's to take over; anywhere else (a
  // signed-in visitor sent on) it goes at once.
  useEffect(() => {
    if (pathname !== '/login') dropPageSignInForm();
  }, [pathname]);

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    if (systemName) document.title = systemName;
  }, [systemName]);

  return (
    <Layout className="sy-layout">
      <Layout.Header className="sy-header">
        <TopBar onOpenMenu={phone ? drawer.open : undefined} />
      </Layout.Header>
      <Layout className="sy-body">
        {phone ? (
          drawer.opened && (
            <Suspense fallback={null}>
              <PhoneNav visible={drawer.visible} onClose={drawer.close} />
            </Suspense>
          )
        ) : (
          <Layout.Sider
            className="sy-sider"
            collapsible
            collapsed={collapsed}
            onCollapse={(value) => setCollapsed(value)}
            width={200}
            collapsedWidth={48}
          >
            <Sidebar />
          </Layout.Sider>
        )}
        <Layout className="sy-main">
          <Layout.Content className="sy-content" data-testid="page-area">
            <PageTitle />
            <Outlet />
          </Layout.Content>
          <Layout.Footer>
            <Footer />
          </Layout.Footer>
        </Layout>
      </Layout>
      <NoticeModal />
      <RemoteOverrideBadge />
    </Layout>
  );
}

// On a phone the menu is an overlay drawer that closes once the user has gone somewhere. It is
// rendered from the first time it is opened on (`opened`), and then kept for its closing animation.
function usePhoneDrawer(phone: boolean) {
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(false);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is the trigger.
  useEffect(() => setVisible(false), [pathname, search, phone]);

  const open = () => {
    setOpened(true);
    setVisible(true);
  };
  return { visible, opened, open, close: () => setVisible(false) };
}
