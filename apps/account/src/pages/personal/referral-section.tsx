// The invitation link, referral stats, the transfer of referral quota to the balance, and the
// rebates earned from invitees' payments.
import { Button, Descriptions, Form, Input, Message, Modal, Space } from '@arco-design/web-react';
import { useContractForm, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import type { SelfUser } from '@switchyard/contracts';
import { affTransferRequestSchema } from '@switchyard/contracts/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './access-token-section';
import { getAffCode, transferAffQuota } from './personal.api';
import { RebateHistory } from './rebate-history';
import { SELF_KEY } from './use-self';

export function ReferralSection({ self }: { self: SelfUser }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const { renderQuota, display } = useQuotaDisplay();
  const quotaPerUnit =
    useSessionStore((state) => state.status?.quota_per_unit) ?? display.quotaPerUnit;
  const code = useQuery({ queryKey: ['account', 'aff'], queryFn: getAffCode });
  const [open, setOpen] = useState(false);
  const { form, rules, submit } = useContractForm<
    typeof affTransferRequestSchema,
    { quota: number }
  >(affTransferRequestSchema);
  // At least one unit (spec §5), and no more than the referral quota there is.
  const quotaRules = [
    ...rules.quota,
    {
      validator: (value: number | undefined, callback: (error?: string) => void) =>
        callback(
          value !== undefined && value < quotaPerUnit
            ? t('personal.transferMin', { min: renderQuota(quotaPerUnit) })
            : undefined,
        ),
    },
  ];
  const transfer = useMutation({
    mutationFn: transferAffQuota,
    onSuccess: () => {
      Message.success(t('personal.transferred'));
      setOpen(false);
      void client.invalidateQueries({ queryKey: SELF_KEY });
    },
    // The form shows a failed transfer itself (under the field when the server names it).
    meta: { silent: true },
  });
  const link = code.data ? `${window.location.origin}/register?aff=${code.data}` : '';
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 560 }}>
      <Input
        readOnly
        value={link}
        aria-label={t('personal.affLink')}
        data-testid="personal-aff-link"
        addAfter={
          <Button type="text" size="mini" onClick={() => copyText(link, t)}>
            {t('personal.copy')}
          </Button>
        }
      />
      <Descriptions
        column={3}
        data={[
          { label: t('personal.affCount'), value: self.aff_count },
          { label: t('personal.affQuota'), value: renderQuota(self.aff_quota) },
          { label: t('personal.affHistory'), value: renderQuota(self.aff_history_quota) },
        ]}
      />
      <Button
        onClick={() => {
          form.setFieldsValue({ quota: quotaPerUnit });
          setOpen(true);
        }}
        disabled={self.aff_quota <= 0}
        data-testid="personal-aff-transfer"
      >
        {t('personal.transfer')}
      </Button>
      <Modal
        title={t('personal.transfer')}
        visible={open}
        onOk={() => void submit(({ quota }) => transfer.mutateAsync(quota))}
        onCancel={() => setOpen(false)}
        confirmLoading={transfer.isPending}
      >
        <p>{t('personal.transferAvailable', { quota: renderQuota(self.aff_quota) })}</p>
        <Form form={form} layout="vertical">
          <Form.Item label={t('personal.transferAmount')} field="quota" rules={quotaRules}>
            <QuotaInput presets={false} testId="personal-aff-amount" />
          </Form.Item>
        </Form>
      </Modal>
      <RebateHistory />
    </Space>
  );
}
