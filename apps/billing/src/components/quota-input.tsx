// A quota amount in units with the dollar presets of spec §9 and its rendered value.
import { Button, InputNumber, Space, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { QUOTA_PRESETS } from '@switchyard/contracts';

export interface QuotaInputProps {
  value: number;
  onChange: (quota: number) => void;
  disabled?: boolean;
  testId: string;
}

export function QuotaInput({ value, onChange, disabled, testId }: QuotaInputProps) {
  const { renderQuota } = useQuotaDisplay();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <InputNumber
        value={value}
        min={0}
        precision={0}
        disabled={disabled}
        onChange={(quota) => onChange(quota ?? 0)}
        suffix={<Typography.Text type="secondary">{renderQuota(value)}</Typography.Text>}
        data-testid={testId}
      />
      <Space wrap>
        {QUOTA_PRESETS.map((preset) => (
          <Button
            key={preset.quota}
            size="small"
            disabled={disabled}
            onClick={() => onChange(preset.quota)}
          >
            {`${preset.dollars}$`}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
