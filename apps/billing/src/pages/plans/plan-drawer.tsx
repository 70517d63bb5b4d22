// Create/edit drawer of a plan (super admin): price and windows in quota, models and groups as
// comma lists (empty: every model, every group).
import { Form, Input, InputNumber, Message, Select } from '@arco-design/web-react';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_NAME_MAX,
  PLAN_PERIODS,
  type PlanPeriod,
  PlanStatus,
  type PlanView,
} from '@switchyard/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_DELAY_MS, SideDrawer } from '../../components/side-drawer';
import { usePlanMutations } from './use-plans';

type WindowFields = Record<`window_${PlanPeriod}`, number>;
interface PlanForm extends WindowFields {
  name: string;
  description: string;
  status: number;
  price: number;
  duration_days: number;
  models: string;
  groups: string;
  sort: number;
}

const emptyForm: PlanForm = {
  name: '',
  description: '',
  status: PlanStatus.onSale,
  price: 500_000,
  duration_days: 30,
  models: '',
  groups: '',
  sort: 0,
  window_5h: 0,
  window_day: 0,
  window_week: 0,
  window_month: 0,
};

const formOf = (plan: PlanView): PlanForm => {
  const form = { ...emptyForm, ...plan, upgrade_group: undefined };
  for (const limit of plan.limits) form[`window_${limit.period}`] = limit.quota;
  return form;
};

export interface PlanDrawerProps {
  visible: boolean;
  plan: PlanView | null;
  onClose: () => void;
}

export function PlanDrawer({ visible, plan, onClose }: PlanDrawerProps) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<PlanForm>();
  const { create, update } = usePlanMutations();

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(plan ? formOf(plan) : emptyForm);
  }, [visible, plan, form]);

  const save = async () => {
    const values = await form.validate();
    const body = {
      name: values.name.trim(),
      description: values.description ?? '',
      status: values.status as 1 | 2,
      price: values.price,
      duration_days: values.duration_days,
      models: values.models ?? '',
      groups: values.groups ?? '',
      upgrade_group: plan?.upgrade_group ?? '',
      sort: values.sort ?? 0,
      limits: PLAN_PERIODS.filter((period) => (values[`window_${period}`] ?? 0) > 0).map(
        (period) => ({ period, quota: values[`window_${period}`] }),
      ),
    };
    if (plan) await update.mutateAsync({ ...body, id: plan.id });
    else await create.mutateAsync(body);
    Message.success(t(plan ? 'planAdmin.updated' : 'planAdmin.created'));
    setTimeout(onClose, CLOSE_DELAY_MS);
  };

  const required = [{ required: true, message: t('planAdmin.required') }];
  return (
    <SideDrawer
      visible={visible}
      title={t(plan ? 'planAdmin.editTitle' : 'planAdmin.createTitle')}
      submitting={create.isPending || update.isPending}
      submitTestId="plan-submit"
      onSubmit={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('planAdmin.columns.name')} field="name" rules={required}>
          <Input maxLength={PLAN_NAME_MAX} data-testid="plan-name" />
        </Form.Item>
        <Form.Item label={t('planAdmin.description')} field="description">
          <Input.TextArea maxLength={PLAN_DESCRIPTION_MAX} data-testid="plan-description" />
        </Form.Item>
        <Form.Item label={t('planAdmin.columns.status')} field="status">
          <Select
            options={[
              { value: PlanStatus.onSale, label: t('planAdmin.onSale') },
              { value: PlanStatus.offSale, label: t('planAdmin.offSale') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('planAdmin.columns.price')} field="price" rules={required}>
          <QuotaInput testId="plan-price" />
        </Form.Item>
        <Form.Item label={t('planAdmin.columns.days')} field="duration_days" rules={required}>
          <InputNumber min={1} max={3660} precision={0} data-testid="plan-days" />
        </Form.Item>
        <Form.Item
          label={t('planAdmin.columns.models')}
          field="models"
          extra={t('planAdmin.modelsNote')}
        >
          <Input data-testid="plan-models" />
        </Form.Item>
        <Form.Item label={t('planAdmin.groups')} field="groups" extra={t('planAdmin.groupsNote')}>
          <Input data-testid="plan-groups" />
        </Form.Item>
        {PLAN_PERIODS.map((period) => (
          <Form.Item
            key={period}
            label={t('planAdmin.window', { period: t(`plans.periods.${period}`) })}
            field={`window_${period}`}
            extra={t('planAdmin.windowNote')}
          >
            <QuotaInput testId={`plan-window-${period}`} />
          </Form.Item>
        ))}
        <Form.Item label={t('planAdmin.sort')} field="sort">
          <InputNumber precision={0} />
        </Form.Item>
      </Form>
    </SideDrawer>
  );
}
