// /user/edit/:id edits another user (names, password, group, quota with a signed addition);
// /user/edit edits oneself through the self endpoint (no group or quota).
import { Button, Card, Form, Input, Message, Result, Select, Space } from '@arco-design/web-react';
import { useContractForm, useQuotaDisplay } from '@switchyard/console-kit';
import { QuotaInput } from '@switchyard/console-kit/quota-input';
import { DISPLAY_NAME_MAX, USERNAME_MAX } from '@switchyard/contracts';
import { updateSelfRequestSchema, updateUserRequestSchema } from '@switchyard/contracts/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { USERS_KEY } from '../users/use-users';
import { getUser, listGroups, updateUser } from '../users/users.api';
import { getSelf, updateSelf } from './user-edit.api';
import { UserSubscriptions } from './user-subscriptions';

interface EditForm {
  username: string;
  display_name: string;
  password: string;
  /** Editing oneself: the current password, needed to set a new one. */
  original_password: string;
  group: string;
  quota: number;
  /** A signed quota addition (an admin's correction), applied on top of the balance. */
  addition?: number;
}

export function UserEditPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { renderQuota } = useQuotaDisplay();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const editingOther = id !== undefined && Number.isInteger(id) && id > 0;
  const user = useQuery({
    queryKey: ['account', 'user', id ?? 'self'],
    queryFn: () => (editingOther ? getUser(id) : getSelf()),
  });
  const groups = useQuery({
    queryKey: ['account', 'groups'],
    queryFn: listGroups,
    enabled: editingOther,
  });
  const { form, rules, submit } = useContractForm<typeof updateUserRequestSchema, EditForm>(
    updateUserRequestSchema,
    { messages: { password: { tooShort: t('register.passwordTooShort') } } },
  );
  const selfRules = useContractForm(updateSelfRequestSchema).rules;
  const password = Form.useWatch('password', form) as string | undefined;
  const quota = (Form.useWatch('quota', form) as number | undefined) ?? 0;
  const addition = (Form.useWatch('addition', form) as number | undefined) ?? 0;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (user.data) {
      const { username, display_name, group, quota } = user.data;
      form.setFieldsValue({
        username,
        display_name,
        group,
        quota,
        password: '',
        original_password: '',
      });
      setLoaded(true);
    }
  }, [user.data, form]);

  const save = useMutation({
    mutationFn: (values: EditForm) =>
      editingOther
        ? updateUser({
            id,
            username: values.username,
            display_name: values.display_name,
            password: values.password ?? '',
            group: values.group,
            quota: values.quota + (values.addition ?? 0),
          })
        : updateSelf({
            username: values.username,
            display_name: values.display_name,
            password: values.password ?? '',
            ...(values.password ? { original_password: values.original_password } : {}),
          }),
    onSuccess: () => {
      Message.success(t('userEdit.saved'));
      void client.invalidateQueries({ queryKey: USERS_KEY });
      navigate('/user');
    },
    // The form shows a failed save itself (under the fields when the server names them).
    meta: { silent: true },
  });

  // A user id that does not exist (or cannot be read) says so instead of leaving a blank page.
  if (user.isError) {
    return (
      <RemoteRoot testId="user-edit-page">
        <Result
          status="404"
          title={t('userEdit.notFound')}
          data-testid="user-edit-not-found"
          extra={
            <Button type="primary" onClick={() => navigate(editingOther ? '/user' : '/')}>
              {t('userEdit.back')}
            </Button>
          }
        />
      </RemoteRoot>
    );
  }
  return (
    <RemoteRoot testId="user-edit-page">
      <Card title={t('userEdit.title')} style={loaded ? undefined : { display: 'none' }}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onSubmit={() => void submit((values) => save.mutateAsync(values))}
        >
          <Form.Item label={t('auth.username')} field="username" rules={rules.username}>
            <Input maxLength={USERNAME_MAX} data-testid="edit-username" />
          </Form.Item>
          <Form.Item label={t('users.displayName')} field="display_name" rules={rules.display_name}>
            <Input maxLength={DISPLAY_NAME_MAX} />
          </Form.Item>
          <Form.Item label={t('auth.password')} field="password" rules={rules.password}>
            <Input.Password
              placeholder={t('userEdit.passwordPlaceholder')}
              data-testid="edit-password"
            />
          </Form.Item>
          {!editingOther && password ? (
            <Form.Item
              label={t('personal.currentPassword')}
              field="original_password"
              rules={selfRules.original_password}
            >
              <Input.Password
                autoComplete="current-password"
                data-testid="edit-original-password"
              />
            </Form.Item>
          ) : null}
          {editingOther ? (
            <>
              <Form.Item label={t('users.columns.group')} field="group" rules={rules.group}>
                <Select
                  options={(groups.data ?? [form.getFieldValue('group') as string]).map((g) => ({
                    label: g,
                    value: g,
                  }))}
                />
              </Form.Item>
              <Form.Item
                label={t('userEdit.quota')}
                field="quota"
                rules={rules.quota}
                extra={renderQuota(quota + addition)}
              >
                <QuotaInput presets={false} testId="edit-quota" />
              </Form.Item>
              <Form.Item
                label={t('userEdit.addQuota')}
                field="addition"
                extra={t('userEdit.addQuotaHint')}
              >
                <QuotaInput presets={false} allowNegative testId="edit-add-quota" />
              </Form.Item>
            </>
          ) : null}
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="edit-submit"
            >
              {t('userEdit.submit')}
            </Button>
            <Button onClick={() => navigate('/user')}>{t('userEdit.cancel')}</Button>
          </Space>
        </Form>
      </Card>
      {editingOther ? <UserSubscriptions userId={id} /> : null}
    </RemoteRoot>
  );
}
