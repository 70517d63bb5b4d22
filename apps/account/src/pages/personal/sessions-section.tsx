// Personal settings: where this account is signed in, with a way to sign any one out, or all but
// this one (optionally replacing the system access token too).
import { Button, Checkbox, Input, Message, Space, Table, Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { SessionEntry } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSessions, revokeOtherSessions, revokeSession } from './identity.api';

const SESSIONS_KEY = ['account', 'sessions'];

export function SessionsSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const [rotate, setRotate] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => {
      Message.success(t('sessions.revoked'));
      void refresh();
    },
  });
  const revokeAll = useMutation({
    mutationFn: () => revokeOtherSessions(rotate),
    onSuccess: () => {
      Message.success(t('sessions.revokedAll'));
      void refresh();
    },
  });

  const columns = [
    {
      title: t('sessions.browser'),
      dataIndex: 'user_agent',
      render: (agent: string, row: SessionEntry) => (
        <Space>
          <span>{agent || t('sessions.unknownBrowser')}</span>
          {row.current ? <Tag color="green">{t('sessions.current')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('sessions.ip'), dataIndex: 'ip' },
    { title: t('sessions.created'), dataIndex: 'created_at', render: formatTime },
    { title: t('sessions.lastSeen'), dataIndex: 'last_seen_at', render: formatTime },
    {
      title: '',
      dataIndex: 'id',
      render: (id: string, row: SessionEntry) =>
        row.current ? null : (
          <Button size="mini" status="danger" onClick={() => revoke.mutate(id)}>
            {t('sessions.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="personal-sessions">
      <Table
        rowKey="id"
        size="small"
        loading={sessions.isLoading}
        columns={columns}
        data={sessions.data ?? []}
        pagination={false}
      />
      <Space>
        <Checkbox checked={rotate} onChange={setRotate} data-testid="personal-sessions-rotate">
          {t('sessions.rotateToken')}
        </Checkbox>
        <Button
          status="danger"
          loading={revokeAll.isPending}
          onClick={() => revokeAll.mutate()}
          data-testid="personal-sessions-revoke-all"
        >
          {t('sessions.revokeAll')}
        </Button>
      </Space>
      {revokeAll.data?.access_token ? (
        <Input
          readOnly
          addBefore={t('sessions.newToken')}
          value={revokeAll.data.access_token}
          data-testid="personal-sessions-token"
        />
      ) : null}
    </Space>
  );
}
