// The channel editor form: state, the registry-driven type switch, validation with the spec's
// messages, then create or update.
import { Button, Form, Message, Space } from '@arco-design/web-react';
import {
  type FieldErrorMap,
  reportError,
  schemaFieldErrors,
  serverFieldErrorMap,
} from '@switchyard/console-kit';
import {
  createChannelRequestSchema,
  updateChannelRequestSchema,
} from '@switchyard/contracts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createChannel, updateChannel } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';
import { AdvancedFields } from './advanced-fields';
import {
  type ChannelFormState,
  type FormProblem,
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
  const [errors, setErrors] = useState<FieldErrorMap>({});
  // The spec's own texts (§5) where it has them; the rest is what the server says for the field.
  const nameKey = t('editor.message.nameKeyRequired');
  const messages = {
    name: { required: nameKey },
    key: { required: nameKey },
    models: { required: t('editor.message.modelsRequired') },
  };
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
    onError: (error) => {
      const byField = serverFieldErrorMap(error, t, messages);
      if (byField) setErrors(byField);
      else reportError(error, { navigate });
    },
    // Shown by onError above: under the fields when the server names them.
    meta: { silent: true },
  });

  const submit = () => {
    const request =
      channelId === undefined ? toCreateRequest(state) : toUpdateRequest(channelId, state);
    const schema = creating ? createChannelRequestSchema : updateChannelRequestSchema;
    const problem = validateForm(state, creating);
    const found: FieldErrorMap = {
      ...schemaFieldErrors(schema, request, t, messages),
      ...(problem ? problemErrors(problem, state, creating, t(`editor.message.${problem}`)) : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(state);
  };

  const fieldProps = { state, creating, onChange, errors };
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

/** The field(s) a rule of the editor (spec §5) is about, with its message. */
function problemErrors(
  problem: FormProblem,
  state: ChannelFormState,
  creating: boolean,
  message: string,
): FieldErrorMap {
  switch (problem) {
    case 'nameKeyRequired':
      return {
        ...(state.name.trim() === '' ? { name: message } : {}),
        ...(creating && state.key.trim() === '' ? { key: message } : {}),
      };
    case 'modelsRequired':
      return { models: message };
    case 'invalidModelMapping':
      return { model_mapping: message };
    case 'invalidStatusCodeMapping':
      return { status_code_mapping: message };
  }
}
