// The playground's side panel: which of my keys, which of my models, system prompt, temperature
// and max tokens.
import { Form, Input, InputNumber, Select } from '@arco-design/web-react';
import type { TokenView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface SettingsForm {
  tokenId: number | undefined;
  model: string | undefined;
  system: string;
  temperature: number;
  maxTokens: number | null;
}

export const TEMPERATURE_MAX = 2;
export const MAX_TOKENS_LIMIT = 1_000_000;

export interface PlaygroundSettingsProps {
  tokens: TokenView[];
  models: string[];
  value: SettingsForm;
  onChange: (patch: Partial<SettingsForm>) => void;
}

export function PlaygroundSettingsPanel({
  tokens,
  models,
  value,
  onChange,
}: PlaygroundSettingsProps) {
  const { t } = useTranslation('billing');
  return (
    <Form layout="vertical" data-testid="playground-settings">
      <Form.Item label={t('playground.token')} required>
        <Select
          value={value.tokenId}
          onChange={(tokenId: number) => onChange({ tokenId })}
          placeholder={t('playground.tokenPlaceholder')}
          options={tokens.map((token) => ({ label: token.name, value: token.id }))}
          data-testid="playground-token"
          aria-label={t('playground.token')}
        />
      </Form.Item>
      <Form.Item label={t('playground.model')} required>
        <Select
          value={value.model}
          onChange={(model: string) => onChange({ model })}
          showSearch
          placeholder={t('playground.modelPlaceholder')}
          options={models}
          data-testid="playground-model"
          aria-label={t('playground.model')}
        />
      </Form.Item>
      <Form.Item label={t('playground.system')}>
        <Input.TextArea
          value={value.system}
          onChange={(system) => onChange({ system })}
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={t('playground.systemPlaceholder')}
          data-testid="playground-system"
          aria-label={t('playground.system')}
        />
      </Form.Item>
      {/* A number box rather than arco's slider, whose handle cannot be given a name. */}
      <Form.Item label={t('playground.temperatureLabel')} extra={t('playground.temperatureHint')}>
        <InputNumber
          value={value.temperature}
          min={0}
          max={TEMPERATURE_MAX}
          step={0.1}
          precision={1}
          onChange={(temperature) => onChange({ temperature: temperature ?? 1 })}
          data-testid="playground-temperature"
          aria-label={t('playground.temperatureLabel')}
        />
      </Form.Item>
      <Form.Item label={t('playground.maxTokens')} extra={t('playground.maxTokensHint')}>
        <InputNumber
          value={value.maxTokens ?? undefined}
          min={1}
          max={MAX_TOKENS_LIMIT}
          precision={0}
          onChange={(maxTokens) => onChange({ maxTokens: maxTokens ? maxTokens : null })}
          data-testid="playground-max-tokens"
          aria-label={t('playground.maxTokens')}
        />
      </Form.Item>
    </Form>
  );
}
