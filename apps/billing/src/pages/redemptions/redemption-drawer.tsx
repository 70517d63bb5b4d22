// Create/edit drawer for redemption codes; after creating, offers the keys as a download.
import {
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Message,
  Modal,
  Space,
} from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import {
  MOBILE_BREAKPOINT,
  QUOTA_PRESETS,
  REDEMPTION_COUNT_MAX,
  REDEMPTION_DEFAULT_QUOTA,
  type RedemptionView,
} from '@switchyard/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { renderQuota } = useQuotaDisplay();
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
      onClose();
      return;
    }
    const keys = await create.mutateAsync({ name, quota, count: Math.trunc(form.count) });
    Message.success(t('redemptionDrawer.created'));
    onClose();
    Modal.confirm({
      title: t('redemptionDrawer.downloadTitle'),
      content: t('redemptionDrawer.downloadContent'),
      okText: t('redemptionDrawer.download'),
      onOk: () => downloadKeys(name, keys),
    });
  };

  const mobile = typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT;
  return (
    <Drawer
      width={mobile ? '100%' : 600}
      visible={visible}
      title={t(code ? 'redemptionDrawer.editTitle' : 'redemptionDrawer.createTitle')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => void submit().catch(() => undefined)}
            data-testid="code-submit"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('redemptionDrawer.name')} required>
          <Input
            value={form.name}
            onChange={(name) => set({ name })}
            placeholder={t('redemptionDrawer.namePlaceholder')}
            data-testid="code-name"
          />
        </Form.Item>
        <Form.Item label={t('redemptionDrawer.quota')} extra={renderQuota(form.quota)}>
          <InputNumber
            value={form.quota}
            min={0}
            precision={0}
            onChange={(quota) => set({ quota: quota ?? 0 })}
            data-testid="code-quota"
          />
          <Space style={{ marginTop: 8 }} wrap>
            {QUOTA_PRESETS.map((preset) => (
              <Button key={preset.quota} size="small" onClick={() => set({ quota: preset.quota })}>
                {`${preset.dollars}$`}
              </Button>
            ))}
          </Space>
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
    </Drawer>
  );
}
