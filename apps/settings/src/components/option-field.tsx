// One option's control: switch, text, long text, JSON editor, write-only secret or choice.
import { Button, Form, Input, Select, Space, Switch, Tag } from '@arco-design/web-react';
import { type OptionKey, optionDefinition } from '@switchyard/contracts/options';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jsonProblem } from '../options/json-location';
import type { FieldSpec } from '../options/option-fields';
import { ContentPreview } from './content-preview';

export interface OptionFieldProps {
  spec: FieldSpec;
  value: string;
  /** Secrets only: whether the server holds a value. */
  secretSet: boolean;
  onChange: (value: string) => void;
  onClearSecret: (key: OptionKey) => void;
  busy: boolean;
  /** False when the card's title already names the option. */
  labelled?: boolean;
}

function SecretField({ spec, value, secretSet, onChange, onClearSecret, busy }: OptionFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Tag color={secretSet ? 'green' : 'gray'} data-testid={`secret-state-${spec.key}`}>
          {secretSet ? t('secret.set') : t('secret.unset')}
        </Tag>
        {secretSet ? (
          <Button
            size="mini"
            status="danger"
            disabled={busy}
            onClick={() => onClearSecret(spec.key)}
            data-testid={`clear-${spec.key}`}
          >
            {t('actions.clear')}
          </Button>
        ) : null}
      </Space>
      <Input.Password
        value={value}
        onChange={onChange}
        autoComplete="new-password"
        placeholder={secretSet ? t('secret.setPlaceholder') : t('secret.unsetPlaceholder')}
        aria-label={t(`fields.${spec.key}`)}
        data-testid={`option-${spec.key}`}
      />
    </Space>
  );
}

function Control(props: OptionFieldProps) {
  const { t } = useTranslation('settings');
  const { spec, value, onChange } = props;
  const testId = `option-${spec.key}`;
  // The control's accessible name (the Form.Item label is not tied to it).
  const label = t(`fields.${spec.key}`);
  switch (spec.kind) {
    case 'switch':
      return (
        <Switch
          checked={value === 'true'}
          onChange={(on) => onChange(String(on))}
          aria-label={label}
          data-testid={testId}
        />
      );
    case 'secret':
      return <SecretField {...props} />;
    case 'select':
      return (
        <Select
          value={value}
          onChange={(next: string) => onChange(next)}
          aria-label={label}
          data-testid={testId}
        >
          {(optionDefinition(spec.key).choices ?? []).map((choice) => (
            <Select.Option key={choice} value={choice}>
              {t(`granularity.${choice}`, { defaultValue: choice })}
            </Select.Option>
          ))}
        </Select>
      );
    case 'json':
    case 'textarea':
      return (
        <Input.TextArea
          value={value}
          onChange={onChange}
          autoSize={{ minRows: spec.kind === 'json' ? 6 : 4, maxRows: 16 }}
          spellCheck={false}
          style={spec.kind === 'json' ? { fontFamily: 'monospace' } : undefined}
          aria-label={label}
          data-testid={testId}
        />
      );
    case 'text':
      return <Input value={value} onChange={onChange} aria-label={label} data-testid={testId} />;
  }
}

export function OptionField(props: OptionFieldProps) {
  const { t } = useTranslation('settings');
  const [previewing, setPreviewing] = useState(false);
  const { spec, value } = props;
  // A JSON option says where it stops parsing, under the field, as it is typed.
  const problem = spec.kind === 'json' && value.trim() !== '' ? jsonProblem(value) : null;
  return (
    <Form.Item
      label={props.labelled === false ? undefined : t(`fields.${spec.key}`)}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t('jsonProblem', { ...problem }) : undefined}
    >
      <Control {...props} />
      {spec.preview ? (
        <div style={{ marginTop: 8 }}>
          <Button
            size="small"
            onClick={() => setPreviewing((open) => !open)}
            data-testid={`preview-toggle-${spec.key}`}
          >
            {previewing ? t('actions.hidePreview') : t('actions.preview')}
          </Button>
          {previewing ? (
            <div className="sy-page-card" style={{ marginTop: 8 }}>
              <ContentPreview source={value} kind={spec.preview} testId={`preview-${spec.key}`} />
            </div>
          ) : null}
        </div>
      ) : null}
    </Form.Item>
  );
}
