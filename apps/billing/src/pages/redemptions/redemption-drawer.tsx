// Create/edit drawer for redemption codes; after creating, offers the keys as a download.
import { Form, Input, InputNumber, Message, Modal } from '@arco-design/web-react';
import {
  REDEMPTION_COUNT_MAX,
  REDEMPTION_DEFAULT_QUOTA,
  REDEMPTION_NAME_MAX,
  type RedemptionView,
} from '@switchyard/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaInput } from '../../components/quota-input';
import { CLOSE_DELAY_MS, SideDrawer } from '../../components/side-drawer';
import { downloadKeys } from './download-keys';
import { useRedemptionMutations } from './use-redemptions';

interface CodeForm {
  name: string;
  quota: number;
  count: number;
}
const emptyForm: CodeForm = { name: '', quota: REDEMPTION_DEFAULT_QUOTA, count: 1 };

export interface RedemptionDrawerProps {
  visible: boolean;
  code: RedemptionView | null;
  onClose: () => void;
}

export function RedemptionDrawer({ visible, code, onClose }: RedemptionDrawerProps) {
  const { t } = useTranslation('billing');
  const [form, setForm] = useState<CodeForm>(emptyForm);
  const { create, update } = useRedemptionMutations();
  const set = (patch: Partial<CodeForm>) => setForm((current) => ({ ...current, ...patch }));

  useEffect(() => {
    if (visible) setForm(code ? { name: code.name, quota: code.quota, count: 1 } : emptyForm);
  }, [visible, code]);

  const submit = async () => {
    const name = form.name.trim();
    // An empty name blocks the submit without a message (spec §5).
    if (!name) return;
    const quota = Math.trunc(form.quota);
    if (code) {
      await update.mutateAsync({ id: code.id, name, quota });
      Message.success(t('redemptionDrawer.updated'));
      setTimeout(onClose, CLOSE_DELAY_MS);
      return;
    }
    const keys = await create.mutateAsync({ name, quota, count: Math.trunc(form.count) });
    Message.success(t('redemptionDrawer.created'));
    setTimeout(onClose, CLOSE_DELAY_MS);
    Modal.confirm({
      title: t('redemptionDrawer.downloadTitle'),
      content: t('redemptionDrawer.downloadContent'),
      okText: t('redemptionDrawer.download'),
      onOk: () => downloadKeys(name, keys),
    });
  };

  return (
    <SideDrawer
      visible={visible}
      title={t(code ? 'redemptionDrawer.editTitle' : 'redemptionDrawer.createTitle')}
      submitting={create.isPending || update.isPending}
      submitTestId="code-submit"
      onSubmit={submit}
      onClose={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('redemptionDrawer.name')} required>
          <Input
            value={form.name}
            onChange={(name) => set({ name })}
            maxLength={REDEMPTION_NAME_MAX}
            placeholder={t('redemptionDrawer.namePlaceholder')}
            data-testid="code-name"
          />
        </Form.Item>
        <Form.Item label={t('redemptionDrawer.quota')}>
          <QuotaInput value={form.quota} onChange={(quota) => set({ quota })} testId="code-quota" />
        </Form.Item>
        {code ? null : (
          <Form.Item label={t('redemptionDrawer.count')}>
            <InputNumber
              value={form.count}
              min={1}
              max={REDEMPTION_COUNT_MAX}
              precision={0}
              onChange={(count) => set({ count: count ?? 1 })}
              data-testid="code-count"
            />
          </Form.Item>
        )}
      </Form>
    </SideDrawer>
  );
}
