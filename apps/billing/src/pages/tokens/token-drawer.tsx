// The add/edit token side drawer (width 600, full width on mobile); closes 500 ms after saving.
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Message,
  Select,
  Space,
  Switch,
} from '@arco-design/web-react';
import { formatTime, parseTime, useContractForm, useOrgScope } from '@switchyard/console-kit';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import {
  NEVER_EXPIRES,
  TOKEN_BATCH_MAX,
  TOKEN_BATCH_PRESETS,
  TOKEN_DEFAULT_QUOTA,
  TOKEN_NAME_MAX,
  type TokenView,
} from '@switchyard/contracts';
import { createTokenRequestSchema } from '@switchyard/contracts/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_DELAY_MS, SideDrawer } from '../../components/side-drawer';
import { emptyLimits, LimitFields, type LimitForm, limitProblem } from './token-limit-fields';
import { useTokenMutations, useUserModels } from './use-tokens';

const HOUR = 3600;
const EXPIRY_PRESETS = [
  ['never', 0],
  ['oneHour', HOUR],
  ['oneDay', 24 * HOUR],
  ['oneMonth', 30 * 24 * HOUR],
] as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface TokenForm {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  /** `YYYY-MM-DD HH:mm:ss` from the date picker; empty: never expires. */
  expiry: string;
  models: string[];
  count: number;
  plan_only: boolean;
}

const emptyForm: TokenForm = {
  name: '',
  remain_quota: TOKEN_DEFAULT_QUOTA,
  unlimited_quota: false,
  expiry: '',
  models: [],
  count: 1,
  plan_only: false,
};

const formOf = (token: TokenView): TokenForm => ({
  name: token.name,
  remain_quota: token.remain_quota,
  unlimited_quota: token.unlimited_quota,
  expiry: token.expired_time === NEVER_EXPIRES ? '' : formatTime(token.expired_time),
  models: token.model_limits ? token.model_limits.split(',') : [],
  count: 1,
  plan_only: token.plan_only,
});

const limitsOf = (token: TokenView): LimitForm => ({
  rpm: token.rpm_limit,
  tpm: token.tpm_limit,
  concurrency: token.concurrency_limit,
  period: token.window_period,
  windowQuota: token.window_quota,
});

export interface TokenDrawerProps {
  visible: boolean;
  /** The token being edited; null to create. */
  token: TokenView | null;
  onClose: () => void;
  /** After a create: the (first) new token, for its quickstart. */
  onCreated?: (token: TokenView) => void;
}

export function TokenDrawer({ visible, token, onClose, onCreated }: TokenDrawerProps) {
  const { t } = useTranslation('billing');
  const { form, rules, submit } = useContractForm<typeof createTokenRequestSchema, TokenForm>(
    createTokenRequestSchema,
    { messages: { name: { required: t('tokenDrawer.nameRequired') } } },
  );
  const [limits, setLimits] = useState<LimitForm>(emptyLimits);
  const models = useUserModels(visible);
  const { create, update } = useTokenMutations();
  const orgId = useOrgScope((state) => state.orgId);
  // An org key (new in an org's scope, or one being edited) is bounded by the member's cap: it
  // takes no window of its own and cannot be plan-only (the server refuses both).
  const forOrg = token ? token.org_id > 0 : orgId > 0;
  const unlimited = Form.useWatch('unlimited_quota', form) as boolean | undefined;

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(token ? formOf(token) : emptyForm);
    setLimits(token ? limitsOf(token) : emptyLimits);
  }, [visible, token, form]);

  const expiryRules = [
    {
      validator: (value: string | undefined, callback: (error?: string) => void) =>
        callback(value && parseTime(value) === null ? t('tokenDrawer.expiryInvalid') : undefined),
    },
  ];

  const save = async () => {
    const problem = limitProblem(limits);
    if (problem) {
      Message.error(t(`tokenDrawer.${problem}`));
      return;
    }
    await submit(async (values) => {
      const input = {
        name: values.name.trim(),
        remain_quota: values.remain_quota,
        expired_time: values.expiry ? (parseTime(values.expiry) ?? NEVER_EXPIRES) : NEVER_EXPIRES,
        unlimited_quota: values.unlimited_quota,
        model_limits_enabled: values.models.length > 0,
        model_limits: values.models.join(','),
        rpm_limit: limits.rpm,
        tpm_limit: limits.tpm,
        concurrency_limit: limits.concurrency,
        window_period: forOrg ? '' : limits.period,
        window_quota: forOrg || limits.period === '' ? 0 : limits.windowQuota,
        plan_only: forOrg ? false : values.plan_only,
      };
      let created: TokenView | undefined;
      if (token) {
        await update.mutateAsync({ ...input, id: token.id });
        Message.success(t('tokenDrawer.updated'));
      } else {
        // In an org's scope (the top bar's switcher) a new key is paid from that org's wallet.
        const tokens = await create.mutateAsync({
          input: orgId > 0 ? { ...input, org_id: orgId } : input,
          count: Math.max(1, Math.floor(values.count)),
        });
        created = tokens[0];
        Message.success(t('tokenDrawer.created'));
      }
      setTimeout(() => {
        onClose();
        form.resetFields();
        if (created) onCreated?.(created);
      }, CLOSE_DELAY_MS);
    });
  };

  return (
    <SideDrawer
      visible={visible}
      title={t(token ? 'tokenDrawer.editTitle' : 'tokenDrawer.createTitle')}
      submitting={create.isPending || update.isPending}
      submitTestId="token-submit"
      onSubmit={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        {!token && orgId > 0 ? (
          <Alert type="info" content={t('tokenDrawer.orgScope')} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item label={t('tokenDrawer.name')} field="name" rules={rules.name}>
          <Input
            maxLength={TOKEN_NAME_MAX}
            placeholder={t('tokenDrawer.namePlaceholder')}
            data-testid="token-name"
          />
        </Form.Item>
        <Form.Item label={t('tokenDrawer.expiry')} field="expiry" rules={expiryRules}>
          <DatePicker
            showTime
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            placeholder={t('tokenDrawer.expiryPlaceholder')}
            data-testid="token-expiry"
          />
        </Form.Item>
        <Space style={{ marginTop: -8, marginBottom: 16 }} wrap>
          {EXPIRY_PRESETS.map(([label, seconds]) => (
            <Button
              key={label}
              size="small"
              data-testid={`token-expiry-${label}`}
              onClick={() =>
                form.setFieldValue(
                  'expiry',
                  seconds ? formatTime(Math.floor(Date.now() / 1000) + seconds) : '',
                )
              }
            >
              {t(`tokenDrawer.${label}`)}
            </Button>
          ))}
        </Space>
        <Form.Item
          label={t('tokenDrawer.quota')}
          field="remain_quota"
          rules={rules.remain_quota}
          extra={t('tokenDrawer.quotaNote')}
        >
          <QuotaInput disabled={unlimited} testId="token-quota" />
        </Form.Item>
        <Form.Item
          label={t('tokenDrawer.unlimited')}
          field="unlimited_quota"
          triggerPropName="checked"
          layout="inline"
        >
          <Switch data-testid="token-unlimited" />
        </Form.Item>
        {forOrg ? null : (
          <Form.Item
            label={t('tokenDrawer.planOnly')}
            field="plan_only"
            triggerPropName="checked"
            layout="inline"
            extra={t('tokenDrawer.planOnlyNote')}
          >
            <Switch data-testid="token-plan-only" />
          </Form.Item>
        )}
        <Form.Item label={t('tokenDrawer.modelLimits')} field="models">
          <Select
            mode="multiple"
            allowClear
            options={models.data ?? []}
            placeholder={t('tokenDrawer.modelLimitsPlaceholder')}
          />
        </Form.Item>
        <LimitFields
          form={limits}
          windowed={!forOrg}
          onChange={(patch) => setLimits({ ...limits, ...patch })}
        />
        {token ? null : (
          <Form.Item
            label={t('tokenDrawer.batch')}
            field="count"
            extra={t('tokenDrawer.batchHint')}
          >
            <InputNumber min={1} max={TOKEN_BATCH_MAX} precision={0} data-testid="token-count" />
          </Form.Item>
        )}
        {token ? null : (
          <Space style={{ marginTop: -8 }} wrap>
            {TOKEN_BATCH_PRESETS.map((count) => (
              <Button key={count} size="small" onClick={() => form.setFieldValue('count', count)}>
                {count}
              </Button>
            ))}
          </Space>
        )}
      </Form>
    </SideDrawer>
  );
}
