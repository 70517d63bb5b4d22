// The switcher's picker, loaded only for a user who belongs to an org: Arco's Select stays out of
// the console's start (the sign-in page's JS budget), and most users never need it.
import { Select } from '@arco-design/web-react';
import type { OrgView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface OrgSelectProps {
  orgs: readonly OrgView[];
  orgId: number;
  onChange: (orgId: number) => void;
}

export default function OrgSelect({ orgs, orgId, onChange }: OrgSelectProps) {
  const { t } = useTranslation('shell');
  return (
    <Select
      className="sy-org-switcher"
      size="small"
      aria-label={t('topBar.orgScope')}
      data-testid="org-switcher"
      value={orgId}
      onChange={(value: number) => onChange(value)}
      options={[
        { label: t('topBar.personal'), value: 0 },
        ...orgs.map((org) => ({ label: org.name, value: org.id })),
      ]}
      triggerProps={{ autoAlignPopupWidth: false }}
      style={{ width: 140 }}
    />
  );
}
