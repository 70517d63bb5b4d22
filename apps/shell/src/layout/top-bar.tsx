// The top bar: logo and system name, about, theme, language, and the user's area.
import { Button, Tooltip } from '@arco-design/web-react';
import { IconInfoCircle, IconMenu } from '@arco-design/web-react/icon';
import { useSessionStore } from '@switchyard/console-kit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './language-switch';
import { NewYearLantern } from './new-year-lantern';
import { OrgSwitcher } from './org-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export const DEFAULT_LOGO = '/logo.png';
export const DEFAULT_SYSTEM_NAME = 'Switchyard';

/** `onOpenMenu` is set on phones, where the sidebar is a drawer opened from the top bar. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation('shell');
  const status = useSessionStore((state) => state.status);
  const systemName = status?.system_name || DEFAULT_SYSTEM_NAME;
  return (
    <div className="sy-top-bar">
      {onOpenMenu ? (
        <Button
          shape="circle"
          type="text"
          icon={<IconMenu />}
          aria-label={t('nav.open')}
          data-testid="nav-toggle"
          className="sy-nav-toggle"
          onClick={onOpenMenu}
        />
      ) : null}
      <Link to="/" className="sy-brand" data-testid="brand">
        <img src={status?.logo || DEFAULT_LOGO} alt="" width={28} height={28} />
        <span className="sy-brand-name">{systemName}</span>
      </Link>
      <NewYearLantern />
      <div className="sy-top-actions">
        <OrgSwitcher />
        <Tooltip content={t('topBar.about')}>
          <Link to="/about" aria-label={t('topBar.about')} data-testid="about-link">
            <Button
              shape="circle"
              type="secondary"
              icon={<IconInfoCircle />}
              tabIndex={-1}
              aria-label={t('topBar.about')}
            />
          </Link>
        </Tooltip>
        <ThemeToggle />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </div>
  );
}
