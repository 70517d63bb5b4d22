// Shown while a developer's remote override is in force (or was refused): which remote comes from
// where, and a button that clears the overrides and reloads with the server's remotes.
import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { clearOverrides, overrideState } from '../federation/remote-override';

export function RemoteOverrideBadge() {
  const { t } = useTranslation('shell');
  const { active, refused } = overrideState();
  if (active.length === 0 && refused.length === 0) return null;
  const clear = () => {
    clearOverrides();
    window.location.reload();
  };
  return (
    <aside
      className="sy-override-badge"
      aria-label={t('override.label')}
      data-testid="remote-override-badge"
    >
      {active.map(({ name, entry }) => (
        <p key={name} data-testid={`remote-override-${name}`}>
          {t('override.active', { name, entry })}
        </p>
      ))}
      {refused.map(({ name, entry }) => (
        <p key={name} data-testid={`remote-override-refused-${name}`}>
          {t('override.refused', { name, entry })}
        </p>
      ))}
      <Button size="small" onClick={clear} data-testid="remote-override-clear">
        {t('override.clear')}
      </Button>
    </aside>
  );
}
