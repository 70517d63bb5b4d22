// The add/edit token side drawer (width 600, full width on mobile); closes 500 ms after saving.
import {
  Button,
  Form,
  Input,
  InputNumber,
  Message,
  Select,
  Space,
  Switch,
} from '@arco-design/web-react';
import {
  NEVER_EXPIRES,
  TOKEN_BATCH_MAX,
  TOKEN_BATCH_PRESETS,
  TOKEN_DEFAULT_QUOTA,
  TOKEN_NAME_MAX,
  type TokenView,
} from '@switchyard/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaInput } from '../../components/quota-input';
import { CLOSE_DELAY_MS, SideDrawer } from '../../components/side-drawer';
import { formatTime, parseTime } from '../../lib/time';
import { emptyLimits, LimitFields, type LimitForm, limitProblem } from './token-limit-fields';
import { useTokenMutations, useUserModels } from './use-tokens';

const HOUR = 3600;
const EXPIRY_PRESETS = [
  ['never', 0],
  ['oneHour', HOUR],
  ['oneDay', 24 * HOUR],
  ['oneMonth', 30 * 24 * HOUR],
] as const;

interface TokenForm {
  name: string;
  quota: number;
  unlimited: boolean;
  expiry: string;
  models: string[];
  count: number;
  limits: LimitForm;
}

const emptyForm: TokenForm = {
  name: '',
  quota: TOKEN_DEFAULT_QUOTA,
  unlimited: false,
  expiry: '',
  models: [],
  count: 1,
  limits: emptyLimits,
};

const formOf = (token: TokenView): TokenForm => ({
  name: token.name,
  quota: token.remain_quota,
  unlimited: token.unlimited_quota,
  expiry: token.expired_time === NEVER_EXPIRES ? '' : formatTime(token.expired_time),
  models: token.model_limits ? token.model_limits.split(',') : [],
  count: 1,
  limits: {
    rpm: token.rpm_limit,
    tpm: token.tpm_limit,
    concurrency: token.concurrency_limit,
    period: token.window_period,
    windowQuota: token.window_quota,
  },
});

export interface TokenDrawerProps {
  visible: boolean;
  /** The token being edited; null to create. */
  token: TokenView | null;
  onClose: () => void;
}

export function TokenDrawer({ visible, token, onClose }: TokenDrawerProps) {
  const { t } = useTranslation('billing');
  const [form, setForm] = useState<TokenForm>(emptyForm);
  const models = useUserModels(visible);
  const { create, update } = useTokenMutations();
  const set = (patch: Partial<TokenForm>) => setForm((current) => ({ ...current, ...patch }));

  useEffect(() => {
    if (visible) setForm(token ? formOf(token) : emptyForm);
  }, [visible, token]);

  const submit = async () => {
    const name = form.name.trim();
    if (!token && !name) {
      Message.error(t('tokenDrawer.nameRequired'));
      return;
    }
    let expiredTime: number = NEVER_EXPIRES;
    if (form.expiry.trim()) {
      const parsed = parseTime(form.expiry);
      if (parsed === null) {
        Message.error(t('tokenDrawer.expiryInvalid'));
        return;
      }
      expiredTime = parsed;
    }
    const problem = limitProblem(form.limits);
    if (problem) {
      Message.error(t(`tokenDrawer.${problem}`));
      return;
    }
    const { limits } = form;
    const input = {
      name,
      remain_quota: form.quota,
      expired_time: expiredTime,
      unlimited_quota: form.unlimited,
      model_limits_enabled: form.models.length > 0,
      model_limits: form.models.join(','),
      rpm_limit: limits.rpm,
      tpm_limit: limits.tpm,
      concurrency_limit: limits.concurrency,
      window_period: limits.period,
      window_quota: limits.period === '' ? 0 : limits.windowQuota,
    };
    if (token) {
      await update.mutateAsync({ ...input, id: token.id });
      Message.success(t('tokenDrawer.updated'));
    } else {
      await create.mutateAsync({ input, count: Math.max(1, Math.floor(form.count)) });
      Message.success(t('tokenDrawer.created'));
    }
    setTimeout(() => {
      onClose();
      setForm(emptyForm);
    }, CLOSE_DELAY_MS);
  };

  return (
    <SideDrawer
      visible={visible}
      title={t(token ? 'tokenDrawer.editTitle' : 'tokenDrawer.createTitle')}
      submitting={create.isPending || update.isPending}
      submitTestId="token-submit"
      onSubmit={submit}
      onClose={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('tokenDrawer.name')}>
          <Input
            value={form.name}
            onChange={(name) => set({ name })}
            maxLength={TOKEN_NAME_MAX}
            placeholder={t('tokenDrawer.namePlaceholder')}
            data-testid="token-name"
          />
        </Form.Item>
        <Form.Item label={t('tokenDrawer.expiry')}>
          <Input
            value={form.expiry}
            onChange={(expiry) => set({ expiry })}
            placeholder={t('tokenDrawer.expiryPlaceholder')}
            data-testid="token-expiry"
          />
          <Space style={{ marginTop: 8 }} wrap>
            {EXPIRY_PRESETS.map(([label, seconds]) => (
              <Button
                key={label}
                size="small"
                onClick={() =>
                  set({
                    expiry: seconds ? formatTime(Math.floor(Date.now() / 1000) + seconds) : '',
                  })
                }
              >
                {t(`tokenDrawer.${label}`)}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('tokenDrawer.quota')} extra={t('tokenDrawer.quotaNote')}>
          <QuotaInput
            value={form.quota}
            disabled={form.unlimited}
            onChange={(quota) => set({ quota })}
            testId="token-quota"
          />
          <div style={{ marginTop: 8 }}>
            <Switch
              checked={form.unlimited}
              onChange={(unlimited) => set({ unlimited })}
              data-testid="token-unlimited"
            />{' '}
            {t('tokenDrawer.unlimited')}
          </div>
        </Form.Item>
        <Form.Item label={t('tokenDrawer.modelLimits')}>
          <Select
            mode="multiple"
            allowClear
            value={form.models}
            options={models.data ?? []}
            onChange={(value: string[]) => set({ models: value })}
            placeholder={t('tokenDrawer.modelLimitsPlaceholder')}
          />
        </Form.Item>
        <LimitFields
          form={form.limits}
          onChange={(patch) => set({ limits: { ...form.limits, ...patch } })}
        />
        {token ? null : (
          <Form.Item label={t('tokenDrawer.batch')} extra={t('tokenDrawer.batchHint')}>
            <InputNumber
              value={form.count}
              min={1}
              max={TOKEN_BATCH_MAX}
              precision={0}
              onChange={(count) => set({ count: count ?? 1 })}
              data-testid="token-count"
            />
            <Space style={{ marginTop: 8 }} wrap>
              {TOKEN_BATCH_PRESETS.map((count) => (
                <Button key={count} size="small" onClick={() => set({ count })}>
                  {count}
                </Button>
              ))}
            </Space>
          </Form.Item>
        )}
      </Form>
    </SideDrawer>
  );
}
