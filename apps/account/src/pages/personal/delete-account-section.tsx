// Deletes the own account after the username is typed exactly; root cannot.
import { Button, Input, Message, Modal } from '@arco-design/web-react';
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
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: deleteSelf,
    onSuccess: () => {
      Message.success(t('personal.deleted'));
      clearUser('logout');
      navigate('/login');
    },
  });
  if (isRoot(self.role)) return null;
  const confirm = () => {
    if (typed !== self.username) {
      Message.error(t('personal.deleteConfirmRequired'));
      return;
    }
    remove.mutate();
  };
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
        <Input
          value={typed}
          onChange={setTyped}
          placeholder={self.username}
          data-testid="personal-delete-confirm"
        />
      </Modal>
    </>
  );
}
