// Columns of the plan catalogue (super admin).
import { Button, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { PlanStatus, type PlanView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

export interface PlanActions {
  renderQuota: (quota: number) => string;
  edit: (plan: PlanView) => void;
  remove: (plan: PlanView) => void;
}

export const getPlanColumns = (t: TFunction, actions: PlanActions) => [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: t('planAdmin.columns.name'), dataIndex: 'name' },
  {
    title: t('planAdmin.columns.status'),
    dataIndex: 'status',
    render: (status: number) =>
      status === PlanStatus.onSale ? (
        <Tag color="green">{t('planAdmin.onSale')}</Tag>
      ) : (
        <Tag>{t('planAdmin.offSale')}</Tag>
      ),
  },
  {
    title: t('planAdmin.columns.price'),
    dataIndex: 'price',
    render: (price: number) => actions.renderQuota(price),
  },
  { title: t('planAdmin.columns.days'), dataIndex: 'duration_days' },
  {
    title: t('planAdmin.columns.limits'),
    key: 'limits',
    render: (_: unknown, plan: PlanView) =>
      plan.limits.map((limit) => (
        <Tag key={limit.period}>
          {t(`plans.periods.${limit.period}`)} {actions.renderQuota(limit.quota)}
        </Tag>
      )),
  },
  {
    title: t('planAdmin.columns.models'),
    dataIndex: 'models',
    render: (models: string) => models || t('plans.everyModel'),
  },
  {
    title: t('planAdmin.columns.actions'),
    key: 'actions',
    render: (_: unknown, plan: PlanView) => (
      <Space>
        <Button size="mini" onClick={() => actions.edit(plan)} data-testid={`plan-edit-${plan.id}`}>
          {t('planAdmin.edit')}
        </Button>
        <Popconfirm title={t('planAdmin.deleteConfirm')} onOk={() => actions.remove(plan)}>
          <Button size="mini" status="danger">
            {t('planAdmin.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  },
];
