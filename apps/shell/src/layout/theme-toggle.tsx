// Light/dark switch; the choice is kept in the session store (localStorage `theme-mode`).
import { Button, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import { useSessionStore } from '@switchyard/console-kit';
import { useTranslation } from 'react-i18next';

export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const theme = useSessionStore((state) => state.theme);
  const setTheme = useSessionStore((state) => state.setTheme);
  const label = theme === 'dark' ? t('topBar.toLight') : t('topBar.toDark');
  return (
    <Tooltip content={label}>
      <Button
        shape="circle"
        type="secondary"
        aria-label={label}
        data-testid="theme-toggle"
        data-theme={theme}
        icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      />
    </Tooltip>
  );
}
