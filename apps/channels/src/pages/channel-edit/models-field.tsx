// Editor fields for groups and models: pick from the type's models, add custom ones, fill the type's
// defaults, clear, or fetch the list from the upstream (through the server) and merge it.
import { Button, Form, Input, Message, Select, Space } from '@arco-design/web-react';
import { fieldErrorProps } from '@switchyard/console-kit';
import { channelTypeById, DEFAULT_GROUP } from '@switchyard/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCustomModels } from './channel-form-state';
import { FetchedModelsModal } from './fetched-models-modal';
import type { FieldsProps } from './type-fields';
import { useChannelOptions, useFetchModels } from './use-channel-options';

const union = (...lists: readonly string[][]): string[] => [...new Set(lists.flat())];

/**
 * Names the text input inside an arco multiple Select: the Select's aria-label stays on its
 * wrapper, and the Form.Item's label is tied to nothing in this controlled form.
 */
function useInnerInputLabel(label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const input of ref.current?.querySelectorAll('input') ?? []) {
      input.setAttribute('aria-label', label);
    }
  });
  return ref;
}

export function ModelsField({
  state,
  creating,
  onChange,
  channelId,
  errors,
}: FieldsProps & { channelId: number | undefined }) {
  const { t } = useTranslation('channels');
  const groupsRef = useInnerInputLabel(t('editor.groups'));
  const modelsRef = useInnerInputLabel(t('editor.models'));
  const [custom, setCustom] = useState('');
  const { groups, modelsByType } = useChannelOptions();
  const fetchModels = useFetchModels();
  const [fetched, setFetched] = useState<string[] | undefined>(undefined);
  const type = channelTypeById(state.type);
  const typeModels = modelsByType[String(state.type)] ?? [...(type?.defaultModels ?? [])];

  const addCustom = () => {
    const result = addCustomModels(state.models, custom);
    onChange({ models: result.models });
    setCustom('');
    if (result.duplicates) Message.error(t('editor.message.modelsExist'));
  };

  const fetchFromUpstream = () => {
    if (!type?.fetchModels) {
      Message.error(t('editor.message.fetchModelsUnsupported'));
      return;
    }
    if (creating && state.batch) {
      Message.warning(t('editor.message.fetchModelsBatch'));
      return;
    }
    fetchModels.mutate(
      {
        id: channelId,
        type: state.type,
        base_url: state.base_url,
        key: state.key,
        openai_organization: state.openai_organization,
      },
      {
        onSuccess: (models) => {
          Message.success(t('editor.message.modelsFetched', { count: models.length }));
          setFetched(models);
        },
      },
    );
  };

  return (
    <>
      <Form.Item label={t('editor.groups')} {...fieldErrorProps(errors, 'group')}>
        <div ref={groupsRef}>
          <Select
            mode="multiple"
            allowCreate
            value={state.groups}
            options={union([DEFAULT_GROUP], groups, state.groups)}
            onChange={(value: string[]) => onChange({ groups: value })}
            placeholder={t('editor.groupsPlaceholder')}
            aria-label={t('editor.groups')}
            data-testid="channel-groups"
          />
        </div>
      </Form.Item>
      <Form.Item label={t('editor.models')} {...fieldErrorProps(errors, 'models')} required>
        <div ref={modelsRef}>
          <Select
            mode="multiple"
            allowClear
            value={state.models}
            options={union(typeModels, state.models)}
            onChange={(value: string[]) => onChange({ models: value })}
            placeholder={t('editor.modelsPlaceholder')}
            aria-label={t('editor.models')}
            data-testid="channel-models"
          />
        </div>
        <Space style={{ marginTop: 8 }} wrap>
          <Button
            size="small"
            onClick={() => onChange({ models: union(state.models, typeModels) })}
            data-testid="channel-fill-models"
          >
            {t('editor.fillDefaults')}
          </Button>
          <Button
            size="small"
            onClick={() => onChange({ models: [] })}
            data-testid="channel-clear-models"
          >
            {t('editor.clearModels')}
          </Button>
          <Button
            size="small"
            loading={fetchModels.isPending}
            onClick={fetchFromUpstream}
            data-testid="channel-fetch-models"
          >
            {t('editor.fetchModels')}
          </Button>
        </Space>
      </Form.Item>
      <FetchedModelsModal
        current={state.models}
        fetched={fetched}
        onApply={(models) => onChange({ models })}
        onClose={() => setFetched(undefined)}
      />
      <Form.Item label={t('editor.customModel')}>
        <Input.Search
          value={custom}
          onChange={setCustom}
          onSearch={addCustom}
          searchButton={t('editor.addCustom')}
          placeholder={t('editor.customModelPlaceholder')}
          data-testid="channel-custom-model"
        />
      </Form.Item>
    </>
  );
}
