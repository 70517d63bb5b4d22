// The sidebar menu: exactly the items of spec §2 this user may see, in the table's order.
import { Menu } from '@arco-design/web-react';
import {
  IconBook,
  IconCalendar,
  IconCheckCircle,
  IconCode,
  IconDashboard,
  IconExperiment,
  IconGift,
  IconHistory,
  IconHome,
  IconImage,
  IconMessage,
  IconSafe,
  IconSchedule,
  IconSettings,
  IconShareAlt,
  IconStorage,
  IconTags,
  IconThunderbolt,
  IconUserAdd,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import { useSessionStore } from '@switchyard/console-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NavIcon } from '../routes/route-table';
import { navKeyForPath, sidebarItems } from '../routes/sidebar-items';

const ICONS: Record<NavIcon, ReactNode> = {
  home: <IconHome />,
  channel: <IconShareAlt />,
  chat: <IconMessage />,
  token: <IconSafe />,
  playground: <IconExperiment />,
  redemption: <IconGift />,
  topup: <IconThunderbolt />,
  plans: <IconCalendar />,
  plan: <IconStorage />,
  pricing: <IconTags />,
  user: <IconUserGroup />,
  log: <IconHistory />,
  detail: <IconDashboard />,
  midjourney: <IconImage />,
  task: <IconSchedule />,
  status: <IconCheckCircle />,
  audit: <IconBook />,
  org: <IconUserAdd />,
  apiReference: <IconCode />,
  setting: <IconSettings />,
};

/** `onNavigate` lets the phone drawer close as soon as an item is chosen. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const status = useSessionStore((state) => state.status);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = sidebarItems(user, status);
  const selected = navKeyForPath(pathname);

  return (
    <nav data-testid="sidebar" aria-label={t('nav.menu')}>
      <Menu
        selectedKeys={selected ? [selected] : []}
        onClickMenuItem={(key) => {
          const item = items.find((entry) => entry.key === key);
          if (!item) return;
          onNavigate?.();
          navigate(item.path);
        }}
      >
        {items.map((item) => (
          <Menu.Item key={item.key} data-testid={`nav-${item.key}`}>
            {ICONS[item.key]}
            {t(`nav.${item.key}`)}
          </Menu.Item>
        ))}
      </Menu>
    </nav>
  );
}
