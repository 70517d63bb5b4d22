// The channel editor form: state, the registry-driven type switch, validation with the spec's
// messages, then create or update.
import { Button, Form, Message, Space } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createChannel, updateChannel } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';
import { AdvancedFields } from './advanced-fields';
import {
  type ChannelFormState,
  switchType,
  toCreateRequest,
  toUpdateRequest,
  validateForm,
} from './channel-form-state';
import { ModelsField } from './models-field';
import { TypeFields } from './type-fields';

export function ChannelForm({
  initial,
  channelId,
}: {
  initial: ChannelFormState;
  channelId: number | undefined;
}) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const creating = channelId === undefined;
  const [state, setState] = useState(initial);
  const onChange = (patch: Partial<ChannelFormState>) =>
    setState((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: async (form: ChannelFormState) => {
      if (channelId === undefined) return (await createChannel(toCreateRequest(form))).ids.length;
      await updateChannel(toUpdateRequest(channelId, form));
      return 1;
    },
    onSuccess: async (count) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.all });
      if (!creating) Message.success(t('editor.message.updated'));
      else if (count > 1) Message.success(t('editor.message.createdMany', { count }));
      else Message.success(t('editor.message.created'));
      navigate('/channel');
    },
  });

  const submit = () => {
    const problem = validateForm(state, creating);
    if (problem) {
      Message.error(t(`editor.message.${problem}`));
      return;
    }
    save.mutate(state);
  };

  const fieldProps = { state, creating, onChange };
  return (
    <Form layout="vertical" onSubmit={submit} style={{ maxWidth: 720 }}>
      <TypeFields
        {...fieldProps}
        onTypeChange={(type) => setState((current) => switchType(current, type, creating))}
      />
      <ModelsField {...fieldProps} channelId={channelId} />
      <AdvancedFields {...fieldProps} />
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="channel-submit"
        >
          {t('editor.submit')}
        </Button>
        <Button onClick={() => navigate('/channel')}>{t('editor.cancel')}</Button>
      </Space>
    </Form>
  );
}
