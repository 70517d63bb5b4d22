// /setting: personal for everyone; operation, system and other for the super admin only (absent
// for others). The tab is in the URL (`?tab=`); only the open tab's remote module is fetched.
import { Tabs } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RemotePage } from '../../federation/remote-page';
import { canAccess } from '../../routes/can-access';
import { SETTINGS_TABS, type SettingsTab } from '../../routes/route-table';

export function visibleSettingsTabs(user: { role: number } | null): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => canAccess(tab, user) === 'allow');
}

export function SettingsPage() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const [params, setParams] = useSearchParams();
  const tabs = visibleSettingsTabs(user);
  const active = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  if (!active) return null;

  return (
    <div className="sy-page-card" data-testid="settings-page">
      <Tabs
        activeTab={active.key}
        onChange={(key) => setParams({ tab: key })}
        // arco gives the tabs role="tab" but their row no role="tablist" (axe: required parent).
        renderTabHeader={(props, Header) => (
          <div role="tablist" aria-label={t('settings.tabsLabel')}>
            <Header {...props} />
          </div>
        )}
      >
        {tabs.map((tab) => (
          <Tabs.TabPane
            key={tab.key}
            title={<span data-testid={`tab-${tab.key}`}>{t(`settings.${tab.key}`)}</span>}
          >
            {tab.key === active.key ? <RemotePage key={tab.module} module={tab.module} /> : null}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </div>
  );
}
