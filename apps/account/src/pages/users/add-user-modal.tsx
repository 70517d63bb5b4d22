// Adds a user: username, display name, password.
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { PASSWORD_MIN, USERNAME_MAX } from '@switchyard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USERS_KEY } from './use-users';
import { createUser } from './users.api';

const EMPTY = { username: '', display_name: '', password: '' };

export function AddUserModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      Message.success(t('users.created'));
      setForm(EMPTY);
      void client.invalidateQueries({ queryKey: USERS_KEY });
      onClose();
    },
  });
  const submit = () => {
    if (!form.username.trim() || !form.password) {
      Message.error(t('login.fieldsRequired'));
      return;
    }
    if (form.password.length < PASSWORD_MIN) {
      Message.error(t('register.passwordTooShort'));
      return;
    }
    mutation.mutate({ ...form, username: form.username.trim() });
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
  });
  return (
    <Modal
      title={t('users.add')}
      visible={visible}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': 'add-user-submit' } as never}
    >
      <Form layout="vertical">
        <Form.Item label={t('auth.username')}>
          <Input maxLength={USERNAME_MAX} data-testid="add-user-username" {...field('username')} />
        </Form.Item>
        <Form.Item label={t('users.displayName')}>
          <Input data-testid="add-user-display-name" {...field('display_name')} />
        </Form.Item>
        <Form.Item label={t('auth.password')}>
          <Input.Password
            placeholder={t('userEdit.passwordPlaceholder')}
            data-testid="add-user-password"
            {...field('password')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
