// Change password: the current password (unless the account has none: an OAuth sign-up), then the
// new one twice, sent to the self endpoint.
import { Button, Input, Message, Space } from '@arco-design/web-react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSelf } from '../user-edit/user-edit.api';

export function PasswordSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const change = useMutation({
    mutationFn: () =>
      updateSelf(hasPassword ? { password, original_password: current } : { password }),
    onSuccess: () => {
      Message.success(t('personal.passwordChanged'));
      setCurrent('');
      setPassword('');
      setPassword2('');
    },
  });
  const submit = () => {
    if (hasPassword && !current) return Message.error(t('personal.currentPasswordRequired'));
    if (password.length < PASSWORD_MIN) return Message.error(t('register.passwordTooShort'));
    if (password.length > PASSWORD_MAX) return Message.error(t('register.passwordTooLong'));
    if (password !== password2) return Message.error(t('register.passwordMismatch'));
    change.mutate();
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 420 }}>
      {hasPassword ? (
        <Input.Password
          placeholder={t('personal.currentPassword')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          data-testid="personal-current-password"
        />
      ) : null}
      <Input.Password
        placeholder={t('personal.newPassword')}
        value={password}
        onChange={setPassword}
        data-testid="personal-password"
      />
      <Input.Password
        placeholder={t('register.password2Placeholder')}
        value={password2}
        onChange={setPassword2}
        data-testid="personal-password2"
      />
      <Button
        type="primary"
        loading={change.isPending}
        onClick={submit}
        data-testid="personal-password-submit"
      >
        {t('personal.changePassword')}
      </Button>
    </Space>
  );
}
