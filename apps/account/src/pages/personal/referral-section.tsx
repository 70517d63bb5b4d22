// The invitation link, referral stats, and the transfer of referral quota to the balance.
import {
  Button,
  Descriptions,
  Input,
  InputNumber,
  Message,
  Modal,
  Space,
} from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import type { SelfUser } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './access-token-section';
import { getAffCode, transferAffQuota } from './personal.api';
import { SELF_KEY } from './use-self';

export function ReferralSection({ self }: { self: SelfUser }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const { renderQuota, display } = useQuotaDisplay();
  const quotaPerUnit =
    useSessionStore((state) => state.status?.quota_per_unit) ?? display.quotaPerUnit;
  const code = useQuery({ queryKey: ['account', 'aff'], queryFn: getAffCode });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(quotaPerUnit);
  const transfer = useMutation({
    mutationFn: transferAffQuota,
    onSuccess: () => {
      Message.success(t('personal.transferred'));
      setOpen(false);
      void client.invalidateQueries({ queryKey: SELF_KEY });
    },
  });
  const link = code.data ? `${window.location.origin}/register?aff=${code.data}` : '';
  const submit = () => {
    if (amount < quotaPerUnit) {
      Message.error(t('personal.transferMin', { min: renderQuota(quotaPerUnit) }));
      return;
    }
    transfer.mutate(amount);
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 560 }}>
      <Input
        readOnly
        value={link}
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
        onClick={() => setOpen(true)}
        disabled={self.aff_quota <= 0}
        data-testid="personal-aff-transfer"
      >
        {t('personal.transfer')}
      </Button>
      <Modal
        title={t('personal.transfer')}
        visible={open}
        onOk={submit}
        onCancel={() => setOpen(false)}
        confirmLoading={transfer.isPending}
      >
        <p>{t('personal.transferAvailable', { quota: renderQuota(self.aff_quota) })}</p>
        <InputNumber
          min={0}
          max={self.aff_quota}
          value={amount}
          onChange={(v) => setAmount(Number(v) || 0)}
        />
      </Modal>
    </Space>
  );
}
