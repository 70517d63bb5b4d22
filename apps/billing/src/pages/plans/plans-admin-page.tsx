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
      <Table<PlanView>
        rowKey="id"
        columns={columns}
        data={plans.data ?? []}
        loading={plans.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <PlanDrawer
        visible={drawer.visible}
        plan={drawer.plan}
        onClose={() => setDrawer({ visible: false, plan: null })}
      />
    </RemoteRoot>
  );
}
