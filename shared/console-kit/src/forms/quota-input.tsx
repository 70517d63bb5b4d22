// A quota amount: typed in dollars when the display-in-currency option is on (stored as quota,
// 500000 = $1 by default), else in quota units; with the dollar presets of spec §9.
import { Button, InputNumber, Space, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { dollarsToQuota, QUOTA_PRESETS } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface QuotaInputProps {
  /** Quota units (Form.Item passes the field's value). */
  value?: number;
  onChange?: (quota: number | undefined) => void;
  disabled?: boolean;
  /** Negative amounts allowed (an admin's correction). */
  allowNegative?: boolean;
  presets?: boolean;
  testId?: string;
  /** The accessible name when no Form.Item label names the input. */
  ariaLabel?: string;
  id?: string;
}

const DOLLAR_DIGITS = 6;

export function QuotaInput(props: QuotaInputProps) {
  const { t } = useTranslation('common');
  const { display, renderQuota } = useQuotaDisplay();
  const { value, onChange, disabled, testId } = props;
  const inDollars = display.displayInCurrency;
  const perUnit = display.quotaPerUnit;
  const shown =
    value === undefined
      ? undefined
      : inDollars
        ? Number((value / perUnit).toFixed(DOLLAR_DIGITS))
        : value;
  const change = (typed: number | undefined) => {
    if (typed === undefined || Number.isNaN(typed)) onChange?.(undefined);
    else onChange?.(inDollars ? dollarsToQuota(typed, perUnit) : Math.trunc(typed));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <InputNumber
        id={props.id}
        value={shown}
        min={props.allowNegative ? undefined : 0}
        precision={inDollars ? undefined : 0}
        step={inDollars ? 0.01 : 1}
        disabled={disabled}
        prefix={inDollars ? '$' : undefined}
        onChange={(typed) => change(typed as number | undefined)}
        suffix={
          // "500000 quota" on one line: the field narrows, the amount never breaks.
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {value === undefined
              ? ''
              : inDollars
                ? t('quota.units', { quota: value })
                : renderQuota(value)}
          </Typography.Text>
        }
        aria-label={props.ariaLabel}
        data-testid={testId}
      />
      {props.presets === false ? null : (
        <Space wrap>
          {QUOTA_PRESETS.map((preset) => (
            <Button
              key={preset.quota}
              size="small"
              disabled={disabled}
              onClick={() => onChange?.(preset.quota)}
            >
              {`${preset.dollars}$`}
            </Button>
          ))}
        </Space>
      )}
    </Space>
  );
}
