// The token drawer's limits: requests / tokens per minute, requests at once and a quota window.
import { Alert, Form, InputNumber, Select } from '@arco-design/web-react';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import {
  TOKEN_LIMIT_MAX,
  TOKEN_WINDOW_PERIODS,
  type TokenWindowPeriod,
} from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface LimitForm {
  rpm: number;
  tpm: number;
  concurrency: number;
  period: TokenWindowPeriod;
  windowQuota: number;
}

export const emptyLimits: LimitForm = {
  rpm: 0,
  tpm: 0,
  concurrency: 0,
  period: '',
  windowQuota: 0,
};

/** The form's problem, as an i18n key of `billing:tokenDrawer`, or null when it may be sent. */
export function limitProblem(form: LimitForm): string | null {
  const counts = [form.rpm, form.tpm, form.concurrency, form.windowQuota];
  if (counts.some((value) => !Number.isInteger(value) || value < 0)) return 'limitInvalid';
  if ([form.rpm, form.tpm, form.concurrency].some((value) => value > TOKEN_LIMIT_MAX)) {
    return 'limitInvalid';
  }
  if (form.period !== '' && form.windowQuota <= 0) return 'windowQuotaRequired';
  return null;
}

export function LimitFields({
  form,
  onChange,
  windowed = true,
}: {
  form: LimitForm;
  onChange: (patch: Partial<LimitForm>) => void;
  /** False for an org key: the member's cap in the org bounds it, not a window of its own. */
  windowed?: boolean;
}) {
  const { t } = useTranslation('billing');
  const count = (key: 'rpm' | 'tpm' | 'concurrency') => (
    <Form.Item label={t(`tokenDrawer.${key}`)} extra={t('tokenDrawer.zeroNoLimit')}>
      <InputNumber
        value={form[key]}
        min={0}
        max={TOKEN_LIMIT_MAX}
        precision={0}
        onChange={(value) => onChange({ [key]: value ?? 0 })}
        aria-label={t(`tokenDrawer.${key}`)}
        data-testid={`token-${key}`}
      />
    </Form.Item>
  );
  return (
    <>
      {count('rpm')}
      {count('tpm')}
      {count('concurrency')}
      {windowed ? (
        <WindowFields form={form} onChange={onChange} />
      ) : (
        <Alert type="info" content={t('tokenDrawer.orgCapNote')} style={{ marginBottom: 16 }} />
      )}
    </>
  );
}

function WindowFields({
  form,
  onChange,
}: {
  form: LimitForm;
  onChange: (patch: Partial<LimitForm>) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <>
      <Form.Item label={t('tokenDrawer.windowPeriod')} extra={t('tokenDrawer.windowHint')}>
        <Select
          value={form.period}
          onChange={(period: TokenWindowPeriod) => onChange({ period })}
          options={TOKEN_WINDOW_PERIODS.map((period) => ({
            value: period,
            label: t(`windowPeriods.${period || 'none'}`),
          }))}
          aria-label={t('tokenDrawer.windowPeriod')}
          data-testid="token-window-period"
        />
      </Form.Item>
      {form.period === '' ? null : (
        <Form.Item label={t('tokenDrawer.windowQuota')}>
          <QuotaInput
            value={form.windowQuota}
            onChange={(windowQuota) => onChange({ windowQuota })}
            ariaLabel={t('tokenDrawer.windowQuota')}
            testId="token-window-quota"
          />
        </Form.Item>
      )}
    </>
  );
}
