// /user/edit/:id edits another user (names, password, group, quota with a signed addition);
// /user/edit edits oneself through the self endpoint (no group or quota).
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Message,
  Result,
  Select,
  Space,
} from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { DISPLAY_NAME_MAX, USERNAME_MAX } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RemoteRoot } from '../../components/remote-root';
import { USERS_KEY } from '../users/use-users';
import { getUser, listGroups, updateUser } from '../users/users.api';
import { getSelf, updateSelf } from './user-edit.api';

interface EditForm {
  username: string;
  display_name: string;
  password: string;
  /** Editing oneself: the current password, needed to set a new one. */
  original_password: string;
  group: string;
  quota: number;
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
  const [form, setForm] = useState<EditForm | null>(null);
  const [addition, setAddition] = useState<number | undefined>();
  useEffect(() => {
    if (user.data) {
      const { username, display_name, group, quota } = user.data;
      setForm({ username, display_name, group, quota, password: '', original_password: '' });
    }
  }, [user.data]);

  const save = useMutation({
    mutationFn: (values: EditForm) =>
      editingOther
        ? updateUser({
            id,
            username: values.username,
            display_name: values.display_name,
            password: values.password,
            group: values.group,
            quota: values.quota + (addition ?? 0),
          })
        : updateSelf({
            username: values.username,
            display_name: values.display_name,
            password: values.password,
            ...(values.password ? { original_password: values.original_password } : {}),
          }),
    onSuccess: () => {
      Message.success(t('userEdit.saved'));
      void client.invalidateQueries({ queryKey: USERS_KEY });
      navigate('/user');
    },
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
  if (!form) return <RemoteRoot testId="user-edit-page">{null}</RemoteRoot>;
  const set = (patch: Partial<EditForm>) => setForm({ ...form, ...patch });
  return (
    <RemoteRoot testId="user-edit-page">
      <Card title={t('userEdit.title')}>
        <Form layout="vertical" style={{ maxWidth: 480 }} onSubmit={() => save.mutate(form)}>
          <Form.Item label={t('auth.username')}>
            <Input
              maxLength={USERNAME_MAX}
              value={form.username}
              onChange={(v) => set({ username: v })}
              data-testid="edit-username"
            />
          </Form.Item>
          <Form.Item label={t('users.displayName')}>
            <Input
              maxLength={DISPLAY_NAME_MAX}
              value={form.display_name}
              onChange={(v) => set({ display_name: v })}
            />
          </Form.Item>
          <Form.Item label={t('auth.password')}>
            <Input.Password
              placeholder={t('userEdit.passwordPlaceholder')}
              value={form.password}
              onChange={(v) => set({ password: v })}
              data-testid="edit-password"
            />
          </Form.Item>
          {!editingOther && form.password ? (
            <Form.Item label={t('personal.currentPassword')}>
              <Input.Password
                value={form.original_password}
                onChange={(v) => set({ original_password: v })}
                autoComplete="current-password"
                data-testid="edit-original-password"
              />
            </Form.Item>
          ) : null}
          {editingOther ? (
            <>
              <Form.Item label={t('users.columns.group')}>
                <Select
                  value={form.group}
                  onChange={(group: string) => set({ group })}
                  options={(groups.data ?? [form.group]).map((g) => ({ label: g, value: g }))}
                />
              </Form.Item>
              <Form.Item
                label={t('userEdit.quota')}
                extra={renderQuota(form.quota + (addition ?? 0))}
              >
                <InputNumber
                  min={0}
                  value={form.quota}
                  onChange={(v) => set({ quota: Number(v) || 0 })}
                  data-testid="edit-quota"
                />
              </Form.Item>
              <Form.Item label={t('userEdit.addQuota')} extra={t('userEdit.addQuotaHint')}>
                <InputNumber
                  value={addition}
                  onChange={(v) => setAddition(v === undefined ? undefined : Number(v))}
                  data-testid="edit-add-quota"
                />
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
    </RemoteRoot>
  );
}
