// Editor fields for routing and failure handling: mappings, test model, auto-ban, priority, weight.
import { Button, Form, Input, InputNumber, Switch } from '@arco-design/web-react';
import { fieldErrorProps } from '@switchyard/console-kit';
import {
  CHANNEL_PRIORITY_MIN,
  CHANNEL_WEIGHT_MIN,
  MODEL_MAPPING_EXAMPLE,
  STATUS_CODE_MAPPING_EXAMPLE,
} from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import type { ChannelFormState } from './channel-form-state';
import type { FieldsProps } from './type-fields';

type JsonField = 'model_mapping' | 'status_code_mapping';

function JsonMapField({
  field,
  example,
  label,
  placeholder,
  state,
  onChange,
  errors,
}: {
  errors: FieldsProps['errors'];
  field: JsonField;
  example: string;
  label: string;
  placeholder: string;
  state: ChannelFormState;
  onChange: FieldsProps['onChange'];
}) {
  const { t } = useTranslation('channels');
  return (
    <Form.Item
      label={label}
      {...fieldErrorProps(errors, field)}
      extra={
        <Button size="mini" type="text" onClick={() => onChange({ [field]: example })}>
          {t('editor.fillExample')}
        </Button>
      }
    >
      <Input.TextArea
        value={state[field]}
        onChange={(value) => onChange({ [field]: value })}
        placeholder={placeholder}
        autoSize={{ minRows: 3, maxRows: 10 }}
        data-testid={`channel-${field.replaceAll('_', '-')}`}
      />
    </Form.Item>
  );
}

export function AdvancedFields({ state, onChange, errors }: FieldsProps) {
  const { t } = useTranslation('channels');
  return (
    <>
      <JsonMapField
        field="model_mapping"
        example={MODEL_MAPPING_EXAMPLE}
        label={t('editor.modelMapping')}
        placeholder={t('editor.modelMappingPlaceholder', { example: MODEL_MAPPING_EXAMPLE })}
        state={state}
        errors={errors}
        onChange={onChange}
      />
      <JsonMapField
        field="status_code_mapping"
        example={STATUS_CODE_MAPPING_EXAMPLE}
        label={t('editor.statusCodeMapping')}
        placeholder={t('editor.statusCodeMappingPlaceholder', {
          example: STATUS_CODE_MAPPING_EXAMPLE,
        })}
        state={state}
        errors={errors}
        onChange={onChange}
      />
      <Form.Item label={t('editor.testModel')} {...fieldErrorProps(errors, 'test_model')}>
        <Input
          value={state.test_model}
          onChange={(test_model) => onChange({ test_model })}
          placeholder={t('editor.testModelPlaceholder')}
          data-testid="channel-test-model"
        />
      </Form.Item>
      <Form.Item label={t('editor.autoBan')}>
        <Switch
          checked={state.auto_ban}
          onChange={(auto_ban: boolean) => onChange({ auto_ban })}
          aria-label={t('editor.autoBan')}
          data-testid="channel-auto-ban"
        />
      </Form.Item>
      <Form.Item label={t('editor.priority')} {...fieldErrorProps(errors, 'priority')}>
        <InputNumber
          value={state.priority}
          min={CHANNEL_PRIORITY_MIN}
          precision={0}
          onChange={(priority) => onChange({ priority: priority ?? 0 })}
          aria-label={t('editor.priority')}
          data-testid="channel-priority"
        />
      </Form.Item>
      <Form.Item label={t('editor.weight')} {...fieldErrorProps(errors, 'weight')}>
        <InputNumber
          value={state.weight}
          min={CHANNEL_WEIGHT_MIN}
          precision={0}
          onChange={(weight) => onChange({ weight: weight ?? 0 })}
          aria-label={t('editor.weight')}
          data-testid="channel-weight"
        />
      </Form.Item>
      <Form.Item
        label={t('editor.maxInputTokens')}
        {...fieldErrorProps(errors, 'max_input_tokens')}
        extra={t('editor.maxInputTokensHint')}
      >
        <InputNumber
          value={state.max_input_tokens}
          min={0}
          precision={0}
          onChange={(value) => onChange({ max_input_tokens: value ?? 0 })}
          aria-label={t('editor.maxInputTokens')}
          data-testid="channel-max-input-tokens"
        />
      </Form.Item>
      <Form.Item
        label={t('editor.firstByteTimeout')}
        {...fieldErrorProps(errors, 'first_byte_timeout')}
        extra={t('editor.firstByteTimeoutHint')}
      >
        <InputNumber
          value={state.first_byte_timeout}
          min={0}
          max={3600}
          precision={0}
          onChange={(value) => onChange({ first_byte_timeout: value ?? 0 })}
          aria-label={t('editor.firstByteTimeout')}
          data-testid="channel-first-byte-timeout"
        />
      </Form.Item>
    </>
  );
}
