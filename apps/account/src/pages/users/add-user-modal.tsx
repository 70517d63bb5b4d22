// Adds a user: username, display name, password (rules from the server's create schema).
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { useContractForm } from '@switchyard/console-kit';
import { type CreateUserRequest, USERNAME_MAX } from '@switchyard/contracts';
import { createUserRequestSchema } from '@switchyard/contracts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USERS_KEY } from './use-users';
import { createUser } from './users.api';

export function AddUserModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const { form, rules, submit } = useContractForm<
    typeof createUserRequestSchema,
    CreateUserRequest
  >(createUserRequestSchema, {
    messages: { password: { tooShort: t('register.passwordTooShort') } },
  });
  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      Message.success(t('users.created'));
      form.resetFields();
      void client.invalidateQueries({ queryKey: USERS_KEY });
      onClose();
    },
    // The form shows a failed save itself (under the fields when the server names them).
    meta: { silent: true },
  });
  const save = () =>
    submit((values) => mutation.mutateAsync({ ...values, username: values.username.trim() }));
  return (
    <Modal
      title={t('users.add')}
      visible={visible}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': 'add-user-submit' } as never}
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('auth.username')} field="username" rules={rules.username}>
          <Input maxLength={USERNAME_MAX} data-testid="add-user-username" />
        </Form.Item>
        <Form.Item label={t('users.displayName')} field="display_name" rules={rules.display_name}>
          <Input data-testid="add-user-display-name" />
        </Form.Item>
        <Form.Item label={t('auth.password')} field="password" rules={rules.password}>
          <Input.Password
            placeholder={t('userEdit.passwordPlaceholder')}
            data-testid="add-user-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
