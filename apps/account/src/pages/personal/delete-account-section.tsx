// Deletes the own account after the username is typed exactly; root cannot.
import { Button, Form, Input, Message, Modal } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { isRoot, type SelfUser } from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deleteSelf } from './personal.api';

export function DeleteAccountSection({ self }: { self: SelfUser }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const clearUser = useSessionStore((state) => state.clearUser);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ username: string }>();
  const remove = useMutation({
    mutationFn: deleteSelf,
    onSuccess: () => {
      Message.success(t('personal.deleted'));
      clearUser('logout');
      navigate('/login');
    },
  });
  if (isRoot(self.role)) return null;
  // The own username typed exactly (spec §5), shown under the field when it is not.
  const rules = [
    { required: true, message: t('personal.deleteConfirmRequired') },
    {
      validator: (value: string | undefined, callback: (error?: string) => void) =>
        callback(value === self.username ? undefined : t('personal.deleteConfirmRequired')),
    },
  ];
  const confirm = () =>
    form.validate().then(
      () => remove.mutate(),
      () => undefined,
    );
  return (
    <>
      <Button status="danger" onClick={() => setOpen(true)} data-testid="personal-delete">
        {t('personal.deleteAccount')}
      </Button>
      <Modal
        title={t('personal.deleteAccount')}
        visible={open}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        confirmLoading={remove.isPending}
      >
        <p>{t('personal.deleteWarning')}</p>
        <Form form={form} layout="vertical">
          <Form.Item label={t('personal.deleteConfirmLabel')} field="username" rules={rules}>
            <Input placeholder={self.username} data-testid="personal-delete-confirm" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
