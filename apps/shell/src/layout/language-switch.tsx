// 中文 / English; the choice is kept in the session store (localStorage `lang`).
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { isLanguage, useSessionStore } from '@switchyard/console-kit';
import type { Language } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

/** Each language names itself, so these labels are not translated. */
const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const language = useSessionStore((state) => state.language);
  const setLanguage = useSessionStore((state) => state.setLanguage);
  const menu = (
    <Menu
      selectedKeys={[language]}
      onClickMenuItem={(key) => {
        if (isLanguage(key)) setLanguage(key);
      }}
    >
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((key) => (
        <Menu.Item key={key} data-testid={`language-${key}`}>
          {LANGUAGE_NAMES[key]}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={menu} position="br" trigger="click">
      <Button
        type="secondary"
        // The accessible name starts with the visible text (WCAG 2.5.3), then says what it is.
        aria-label={`${LANGUAGE_NAMES[language]} · ${t('topBar.language')}`}
        data-testid="language-switch"
        data-language={language}
        icon={<IconLanguage />}
      >
        <span className="sy-language-label">{LANGUAGE_NAMES[language]}</span>
      </Button>
    </Dropdown>
  );
}
