// The dashboard's filter: time range, granularity and (admins) username.
import { Button, Input, Radio, Space } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangePicker } from '../../components/time-range-picker';
import type { TimeRange } from '../../lib/time';
import { GRANULARITIES, type Granularity } from './usage-series';

export interface DashboardFilterValue {
  range: TimeRange;
  granularity: Granularity;
  username: string;
}

export interface DashboardFilterProps {
  admin: boolean;
  value: DashboardFilterValue;
  onSearch: (value: DashboardFilterValue) => void;
}

export function DashboardFilter({ admin, value, onSearch }: DashboardFilterProps) {
  const { t } = useTranslation('observability');
  const [draft, setDraft] = useState(value);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <TimeRangePicker value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
      <Radio.Group
        type="button"
        aria-label={t('dashboard.granularity')}
        value={draft.granularity}
        onChange={(granularity: Granularity) => {
          const next = { ...draft, granularity };
          setDraft(next);
          onSearch(next);
        }}
        options={GRANULARITIES.map((g) => ({ value: g, label: t(`dashboard.granularities.${g}`) }))}
      />
      {admin ? (
        <Input
          style={{ width: 160 }}
          placeholder={t('filter.username')}
          aria-label={t('filter.username')}
          value={draft.username}
          onChange={(username) => setDraft({ ...draft, username })}
          allowClear
          data-testid="dashboard-username"
        />
      ) : null}
      <Button
        type="primary"
        icon={<IconSearch />}
        onClick={() => onSearch(draft)}
        data-testid="dashboard-search"
      >
        {t('filter.search')}
      </Button>
    </Space>
  );
}
