// The merge view of a fetched model list: new models (added unless unticked), kept ones, and the
// ones the upstream no longer offers (kept unless ticked for removal), applied only on confirm.
import { Checkbox, Modal, Space, Tag, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyMerge, mergeModels } from './model-merge';

export interface FetchedModelsModalProps {
  current: string[];
  /** The upstream's list; the modal is closed while undefined. */
  fetched: string[] | undefined;
  onApply: (models: string[]) => void;
  onClose: () => void;
}

export function FetchedModelsModal({
  current,
  fetched,
  onApply,
  onClose,
}: FetchedModelsModalProps) {
  const { t } = useTranslation('channels');
  const merge = mergeModels(current, fetched ?? []);
  const [add, setAdd] = useState<string[] | undefined>(undefined);
  const [remove, setRemove] = useState<string[]>([]);
  // New models are ticked until the admin changes the choice.
  const adding = add ?? merge.added;
  const close = () => {
    setAdd(undefined);
    setRemove([]);
    onClose();
  };

  return (
    <Modal
      visible={fetched !== undefined}
      title={t('editor.merge.title')}
      okText={t('editor.merge.apply')}
      cancelText={t('editor.cancel')}
      onOk={() => {
        onApply(applyMerge(current, adding, remove));
        close();
      }}
      onCancel={close}
      data-testid="channel-models-merge"
    >
      <Typography.Paragraph>
        {t('editor.merge.summary', {
          added: merge.added.length,
          kept: merge.kept.length,
          gone: merge.gone.length,
        })}
      </Typography.Paragraph>
      <section aria-label={t('editor.merge.added')} data-testid="merge-added">
        <Typography.Title heading={6}>
          {t('editor.merge.added')} ({merge.added.length})
        </Typography.Title>
        {merge.added.length === 0 ? (
          <Typography.Text type="secondary">{t('editor.merge.none')}</Typography.Text>
        ) : (
          <Checkbox.Group value={adding} onChange={(value: string[]) => setAdd(value)}>
            {merge.added.map((model) => (
              <Checkbox key={model} value={model}>
                {model}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
      </section>
      <section aria-label={t('editor.merge.kept')} data-testid="merge-kept">
        <Typography.Title heading={6}>
          {t('editor.merge.kept')} ({merge.kept.length})
        </Typography.Title>
        <Space wrap size={4}>
          {merge.kept.map((model) => (
            <Tag key={model}>{model}</Tag>
          ))}
        </Space>
      </section>
      <section aria-label={t('editor.merge.gone')} data-testid="merge-gone">
        <Typography.Title heading={6}>
          {t('editor.merge.gone')} ({merge.gone.length})
        </Typography.Title>
        {merge.gone.length === 0 ? (
          <Typography.Text type="secondary">{t('editor.merge.none')}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {t('editor.merge.goneHint')}
            </Typography.Paragraph>
            <Checkbox.Group value={remove} onChange={(value: string[]) => setRemove(value)}>
              {merge.gone.map((model) => (
                <Checkbox key={model} value={model}>
                  {model}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </>
        )}
      </section>
    </Modal>
  );
}
