// Editor fields that depend on the channel type: type, key (with its format hint), batch, base URL,
// organization, the type's `other` field and, for types with the Responses API, how /v1/responses
// reaches the channel. What shows comes from the type registry.
import { Alert, Checkbox, Form, Input, Select } from '@arco-design/web-react';
import { type FieldErrorMap, fieldErrorProps } from '@switchyard/console-kit';
import { CHANNEL_TYPES, channelTypeById, RESPONSES_API_MODES } from '@switchyard/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelFormState } from './channel-form-state';

export interface FieldsProps {
  state: ChannelFormState;
  creating: boolean;
  onChange: (patch: Partial<ChannelFormState>) => void;
  /** Each bad field's message, shown under it. */
  errors: FieldErrorMap;
}

/**
 * arco's searchable Select keeps its search input tabbable while it marks it aria-hidden (axe:
 * serious). The Select's own wrapper is the tab stop and hands focus to the input, so the input
 * leaves the tab order; it is named like the Select for screen readers once it shows.
 */
function useSearchInputOutOfTabOrder(label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const input = ref.current?.querySelector('input');
    input?.setAttribute('tabindex', '-1');
    input?.setAttribute('aria-label', label);
  });
  return ref;
}

export function TypeFields({
  state,
  creating,
  onChange,
  onTypeChange,
  errors,
}: FieldsProps & { onTypeChange: (type: number) => void }) {
  const { t } = useTranslation('channels');
  const typeRef = useSearchInputOutOfTabOrder(t('editor.type'));
  const type = channelTypeById(state.type);
  const labelOf = (id: number): string => {
    const entry = channelTypeById(id);
    return entry ? t(`type.${entry.key}`, { defaultValue: entry.key }) : String(id);
  };
  const keyPlaceholder = state.batch
    ? t('editor.keyBatchPlaceholder')
    : creating
      ? t('editor.keyPlaceholder')
      : t('editor.keyEditPlaceholder');
  return (
    <>
      <Form.Item label={t('editor.type')}>
        <div ref={typeRef}>
          <Select
            value={state.type}
            onChange={(value: number) => onTypeChange(value)}
            showSearch
            filterOption={(typed, option) =>
              labelOf(Number((option as { props: { value?: unknown } }).props.value))
                .toLowerCase()
                .includes(typed.trim().toLowerCase())
            }
            aria-label={t('editor.type')}
            data-testid="channel-type"
          >
            {CHANNEL_TYPES.map((item) => (
              <Select.Option key={item.id} value={item.id}>
                {labelOf(item.id)}
              </Select.Option>
            ))}
          </Select>
        </div>
      </Form.Item>
      {type?.legacy ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          content={t('editor.legacy')}
          data-testid="channel-legacy"
        />
      ) : null}
      {type?.keyFormat ? (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          content={t('editor.keyFormat', { format: type.keyFormat })}
          data-testid="channel-key-format"
        />
      ) : null}
      <Form.Item label={t('editor.name')} {...fieldErrorProps(errors, 'name')} required>
        <Input
          value={state.name}
          onChange={(name) => onChange({ name })}
          placeholder={t('editor.namePlaceholder')}
          data-testid="channel-name"
        />
      </Form.Item>
      <Form.Item
        label={t('editor.key')}
        required={creating}
        {...fieldErrorProps(errors, 'key')}
        extra={
          type?.keyHint ? (
            <span data-testid="channel-key-hint">
              {t(`keyHint.${type.key}`, { defaultValue: '' })}
            </span>
          ) : undefined
        }
      >
        {state.batch ? (
          <Input.TextArea
            value={state.key}
            onChange={(key) => onChange({ key })}
            placeholder={keyPlaceholder}
            autoSize={{ minRows: 3, maxRows: 10 }}
            data-testid="channel-key"
          />
        ) : (
          <Input
            value={state.key}
            onChange={(key) => onChange({ key })}
            placeholder={type?.keyFormat ?? keyPlaceholder}
            data-testid="channel-key"
          />
        )}
      </Form.Item>
      {creating ? (
        <Form.Item extra={t('editor.batchHint')}>
          <Checkbox
            checked={state.batch}
            onChange={(batch: boolean) => onChange({ batch })}
            data-testid="channel-batch"
          >
            {t('editor.batch')}
          </Checkbox>
        </Form.Item>
      ) : null}
      <Form.Item label={t('editor.baseUrl')} {...fieldErrorProps(errors, 'base_url')}>
        <Input
          value={state.base_url}
          onChange={(base_url) => onChange({ base_url })}
          placeholder={
            type?.defaultBaseUrl
              ? t('editor.baseUrlPlaceholder', { url: type.defaultBaseUrl })
              : t('editor.baseUrlPlaceholderNone')
          }
          data-testid="channel-base-url"
        />
      </Form.Item>
      {type?.organization ? (
        <Form.Item
          label={t('editor.organization')}
          {...fieldErrorProps(errors, 'openai_organization')}
        >
          <Input
            value={state.openai_organization}
            onChange={(openai_organization) => onChange({ openai_organization })}
            placeholder={t('editor.organizationPlaceholder')}
            data-testid="channel-organization"
          />
        </Form.Item>
      ) : null}
      {type?.otherField ? (
        <Form.Item
          label={t(`editor.other.${type.otherField}`)}
          {...fieldErrorProps(errors, 'other')}
        >
          <Input
            value={state.other}
            onChange={(other) => onChange({ other })}
            data-testid="channel-other"
          />
        </Form.Item>
      ) : null}
      {type?.capabilities?.responsesApi ? (
        <Form.Item label={t('editor.responsesApi')} extra={t('editor.responsesApiHint')}>
          <Select
            value={state.responses_api}
            onChange={(responses_api: ChannelFormState['responses_api']) =>
              onChange({ responses_api })
            }
            aria-label={t('editor.responsesApi')}
            data-testid="channel-responses-api"
          >
            {RESPONSES_API_MODES.map((mode) => (
              <Select.Option key={mode} value={mode}>
                {t(`editor.responsesApiMode.${mode}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
      ) : null}
    </>
  );
}
