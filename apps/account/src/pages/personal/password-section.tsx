// Change password: the current password (unless the account has none: an OAuth sign-up), then the
// new one twice, sent to the self endpoint; rules from the server's self-update schema.
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useContractForm } from '@switchyard/console-kit';
import { updateSelfRequestSchema } from '@switchyard/contracts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateSelf } from '../user-edit/user-edit.api';

interface PasswordForm {
  original_password: string;
  password: string;
  password2: string;
}

export function PasswordSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const { t } = useTranslation('account');
  const { form, rules, submit } = useContractForm<typeof updateSelfRequestSchema, PasswordForm>(
    updateSelfRequestSchema,
    {
      messages: {
        password: {
          tooShort: t('register.passwordTooShort'),
          tooLong: t('register.passwordTooLong'),
        },
      },
    },
  );
  const change = useMutation({
    mutationFn: ({ password, original_password }: PasswordForm) =>
      updateSelf(hasPassword ? { password, original_password } : { password }),
    onSuccess: () => {
      Message.success(t('personal.passwordChanged'));
      form.resetFields();
    },
    // The form shows a failed change itself (under the fields when the server names them).
    meta: { silent: true },
  });
  const required = (message: string) => ({ required: true, message });
  const confirmRules = [
    required(t('register.passwordMismatch')),
    {
      validator: (value: string | undefined, callback: (error?: string) => void) =>
        callback(
          value === form.getFieldValue('password') ? undefined : t('register.passwordMismatch'),
        ),
    },
  ];
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      onSubmit={() => void submit((values) => change.mutateAsync(values))}
    >
      {hasPassword ? (
        <Form.Item
          label={t('personal.currentPassword')}
          field="original_password"
          rules={[required(t('personal.currentPasswordRequired')), ...rules.original_password]}
        >
          <Input.Password autoComplete="current-password" data-testid="personal-current-password" />
        </Form.Item>
      ) : null}
      <Form.Item
        label={t('personal.newPassword')}
        field="password"
        rules={[required(t('register.passwordTooShort')), ...rules.password]}
      >
        <Input.Password autoComplete="new-password" data-testid="personal-password" />
      </Form.Item>
      <Form.Item label={t('register.password2')} field="password2" rules={confirmRules}>
        <Input.Password autoComplete="new-password" data-testid="personal-password2" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={change.isPending}
        data-testid="personal-password-submit"
      >
        {t('personal.changePassword')}
      </Button>
    </Form>
  );
}
