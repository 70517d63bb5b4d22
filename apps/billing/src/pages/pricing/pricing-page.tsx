// /pricing (public): the model price list with the caller's group ratio and a name filter.
import { Alert, Input } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import {
  ListTable,
  ListToolbar,
  listPagination,
  useListParams,
} from '@switchyard/console-kit/list';
import { type PricingItem, Role } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { getPricing } from './pricing.api';
import { getPricingColumns } from './pricing-columns';

const FILTERS = ['model'] as const;

export function PricingPage() {
  const { t } = useTranslation('billing');
  const user = useSessionStore((state) => state.user);
  const list = useListParams({ filters: FILTERS });
  const filter = list.filters.model;
  // The field keeps what is typed (a trailing space too); the URL gets it trimmed.
  const [typed, setTyped] = useState(filter);
  const pricing = useQuery({
    queryKey: ['billing', 'pricing', user?.id ?? 0],
    queryFn: getPricing,
  });
  const groupRatio = pricing.data?.group_ratio ?? 1;
  // Ratios explain a price to the people who set it; customers read dollars.
  const admin = (user?.role ?? 0) >= Role.admin;
  const columns = useMemo(() => getPricingColumns(t, groupRatio, admin), [t, groupRatio, admin]);
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = pricing.data?.data ?? [];
    return needle ? all.filter((item) => item.model_name.toLowerCase().includes(needle)) : all;
  }, [pricing.data, filter]);

  const banner = user
    ? t('pricing.userBanner', { group: pricing.data?.group ?? user.group, ratio: groupRatio })
    : t('pricing.guestBanner', { ratio: groupRatio });

  return (
    <RemoteRoot testId="pricing-page">
      <Alert type={user ? 'success' : 'warning'} content={banner} data-testid="pricing-banner" />
      <Alert
        type="info"
        content={admin ? t('pricing.ratioNote') : t('pricing.priceNote')}
        style={{ margin: '12px 0' }}
      />
      <ListToolbar>
        <Input.Search
          allowClear
          value={typed}
          onChange={(value) => {
            setTyped(value);
            list.setFilters({ model: value }, { replace: true });
          }}
          placeholder={t('pricing.filterPlaceholder')}
          style={{ width: 320 }}
          data-testid="pricing-filter"
        />
      </ListToolbar>
      <ListTable<PricingItem>
        testId="pricing-table"
        rowKey="model_name"
        loading={pricing.isFetching}
        columns={columns}
        data={rows}
        noDataElement={t('pricing.empty')}
        pagination={listPagination(list, rows.length)}
      />
    </RemoteRoot>
  );
}
