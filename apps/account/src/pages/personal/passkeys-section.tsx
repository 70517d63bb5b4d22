// Personal settings: the account's passkeys (name, added, last used, synced), adding one with
// the browser's prompt, and deleting one.
import { Alert, Button, Input, Message, Space, Table, Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { PasskeyEntry } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeysSupported, reportPasskeyError } from '../../components/passkey-ceremony';
import { addPasskey, deletePasskey, listPasskeys } from './passkeys.api';

const PASSKEYS_KEY = ['account', 'passkeys'];

export function PasskeysSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: () => {
      setName('');
      Message.success(t('passkeys.added'));
      void refresh();
    },
    onError: (error) => reportPasskeyError(error, t),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => {
      Message.success(t('passkeys.deleted'));
      void refresh();
    },
  });

  const columns = [
    {
      title: t('passkeys.name'),
      dataIndex: 'name',
      render: (value: string, row: PasskeyEntry) => (
        <Space>
          <span>{value || t('passkeys.unnamed', { id: row.id })}</span>
          {row.backed_up ? <Tag color="arcoblue">{t('passkeys.synced')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('passkeys.created'), dataIndex: 'created_at', render: formatTime },
    {
      title: t('passkeys.lastUsed'),
      dataIndex: 'last_used_at',
      render: (value: number) => (value ? formatTime(value) : t('passkeys.never')),
    },
    {
      title: '',
      dataIndex: 'id',
      render: (id: number, row: PasskeyEntry) => (
        <Button
          size="mini"
          status="danger"
          loading={remove.isPending && remove.variables === id}
          onClick={() => remove.mutate(id)}
          aria-label={t('passkeys.deleteNamed', {
            name: row.name || t('passkeys.unnamed', { id }),
          })}
          data-testid={`personal-passkey-delete-${id}`}
        >
          {t('passkeys.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="personal-passkeys">
      <Table
        rowKey="id"
        size="small"
        loading={passkeys.isLoading}
        columns={columns}
        data={passkeys.data ?? []}
        pagination={false}
        noDataElement={<span>{t('passkeys.empty')}</span>}
      />
      {passkeysSupported() ? (
        <Space wrap>
          <Input
            value={name}
            onChange={setName}
            maxLength={64}
            placeholder={t('passkeys.namePlaceholder')}
            aria-label={t('passkeys.name')}
            style={{ width: 240 }}
            data-testid="personal-passkey-name"
          />
          <Button
            type="primary"
            loading={add.isPending}
            onClick={() => add.mutate()}
            data-testid="personal-passkey-add"
          >
            {t('passkeys.add')}
          </Button>
        </Space>
      ) : (
        <Alert type="info" content={t('passkeys.unsupported')} />
      )}
    </Space>
  );
}
