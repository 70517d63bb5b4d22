// Create/edit drawer for redemption codes; after creating, offers the keys as a download.
import { Form, Input, InputNumber, Message, Modal, Select } from '@arco-design/web-react';
import { useContractForm } from '@switchyard/console-kit';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import {
  REDEMPTION_COUNT_MAX,
  REDEMPTION_DEFAULT_QUOTA,
  REDEMPTION_NAME_MAX,
  type RedemptionView,
} from '@switchyard/contracts';
import { createRedemptionRequestSchema } from '@switchyard/contracts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_DELAY_MS, SideDrawer } from '../../components/side-drawer';
import { listPlans } from '../plans/plans.api';
import { downloadKeys } from './download-keys';
import { useRedemptionMutations } from './use-redemptions';

interface CodeForm {
  name: string;
  quota: number;
  count: number;
  /** 0: a quota code; else the plan the codes activate. */
  plan_id: number;
}
const emptyForm: CodeForm = { name: '', quota: REDEMPTION_DEFAULT_QUOTA, count: 1, plan_id: 0 };

export interface RedemptionDrawerProps {
  visible: boolean;
  code: RedemptionView | null;
  onClose: () => void;
}

export function RedemptionDrawer({ visible, code, onClose }: RedemptionDrawerProps) {
  const { t } = useTranslation('billing');
  // The create schema's name and quota are the update's too; count exists only when creating.
  const { form, rules, submit } = useContractForm<typeof createRedemptionRequestSchema, CodeForm>(
    createRedemptionRequestSchema,
  );
  const { create, update } = useRedemptionMutations();
  // Only a super admin may list every plan; for an admin the list is what they may buy.
  const plans = useQuery({
    queryKey: ['billing', 'plans', 'all'],
    queryFn: listPlans,
    enabled: visible,
  });

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(
      code ? { name: code.name, quota: code.quota, count: 1, plan_id: code.plan_id } : emptyForm,
    );
  }, [visible, code, form]);

  const save = () =>
    submit(async (values) => {
      const name = values.name.trim();
      if (code) {
        await update.mutateAsync({ id: code.id, name, quota: values.quota });
        Message.success(t('redemptionDrawer.updated'));
        setTimeout(onClose, CLOSE_DELAY_MS);
        return;
      }
      const keys = await create.mutateAsync({
        name,
        quota: values.quota,
        count: values.count,
        ...(values.plan_id > 0 ? { plan_id: values.plan_id } : {}),
      });
      Message.success(t('redemptionDrawer.created'));
      setTimeout(onClose, CLOSE_DELAY_MS);
      Modal.confirm({
        title: t('redemptionDrawer.downloadTitle'),
        content: t('redemptionDrawer.downloadContent'),
        okText: t('redemptionDrawer.download'),
        onOk: () => downloadKeys(name, keys),
      });
    }).then(() => undefined);

  return (
    <SideDrawer
      visible={visible}
      title={t(code ? 'redemptionDrawer.editTitle' : 'redemptionDrawer.createTitle')}
      submitting={create.isPending || update.isPending}
      submitTestId="code-submit"
      onSubmit={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('redemptionDrawer.name')} field="name" rules={rules.name}>
          <Input
            maxLength={REDEMPTION_NAME_MAX}
            placeholder={t('redemptionDrawer.namePlaceholder')}
            data-testid="code-name"
          />
        </Form.Item>
        <Form.Item label={t('redemptionDrawer.quota')} field="quota" rules={rules.quota}>
          <QuotaInput testId="code-quota" />
        </Form.Item>
        {code ? null : (
          <Form.Item label={t('redemptionDrawer.plan')} field="plan_id">
            <Select
              data-testid="code-plan"
              options={[
                { value: 0, label: t('redemptionDrawer.noPlan') },
                ...(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name })),
              ]}
            />
          </Form.Item>
        )}
        {code ? null : (
          <Form.Item label={t('redemptionDrawer.count')} field="count" rules={rules.count}>
            <InputNumber
              min={1}
              max={REDEMPTION_COUNT_MAX}
              precision={0}
              data-testid="code-count"
            />
          </Form.Item>
        )}
      </Form>
    </SideDrawer>
  );
}
