// /plan (super admin): the plan catalogue with its create/edit drawer.
import { Button, Message, Space, Table } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import type { PlanView } from '@switchyard/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { getPlanColumns } from './plan-columns';
import { PlanDrawer } from './plan-drawer';
import { useAllPlans, usePlanMutations } from './use-plans';

export function PlansAdminPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const plans = useAllPlans();
  const { remove } = usePlanMutations();
  const [drawer, setDrawer] = useState<{ visible: boolean; plan: PlanView | null }>({
    visible: false,
    plan: null,
  });
  const columns = useMemo(
    () =>
      getPlanColumns(t, {
        renderQuota: (quota) => renderQuota(quota),
        edit: (plan) => setDrawer({ visible: true, plan }),
        remove: (plan) =>
          remove.mutate(plan.id, { onSuccess: () => Message.success(t('planAdmin.deleted')) }),
      }),
    [t, renderQuota, remove],
  );
  return (
    <RemoteRoot testId="plans-admin-page">
      <Space style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          onClick={() => setDrawer({ visible: true, plan: null })}
          data-testid="plan-add"
        >
          {t('planAdmin.add')}
        </Button>
      </Space>
      {/* The wrapper scrolls, not the table: a scrolling box must take focus (axe), and an empty
          catalogue has nothing inside that could. */}
      <section
        aria-label={t('planAdmin.catalogue')}
        // A keyboard user can focus the table to scroll it sideways.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be focusable
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table<PlanView>
          rowKey="id"
          columns={columns}
          data={plans.data ?? []}
          loading={plans.isFetching}
          pagination={false}
          style={{ minWidth: 900 }}
        />
      </section>
      <PlanDrawer
        visible={drawer.visible}
        plan={drawer.plan}
        onClose={() => setDrawer({ visible: false, plan: null })}
      />
    </RemoteRoot>
  );
}
