// The org's pending invitations (owners and admins) with a revoke each, confirmed first: a
// revoked code is refused when the invitee opens the link (issue 32).
import { Button, Popconfirm } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import { type ListColumn, ListTable } from '@switchyard/console-kit/list';
import type { OrgInvitationView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { usePendingInvitations, useRevokeInvitation } from './use-org';

export function OrgPendingInvitations({ orgId }: { orgId: number }) {
  const { t } = useTranslation('account');
  const pending = usePendingInvitations(orgId);
  const revoke = useRevokeInvitation(orgId);
  const columns: ListColumn<OrgInvitationView>[] = [
    { title: t('org.invitee'), dataIndex: 'username' },
    {
      title: t('org.role'),
      render: (_: unknown, row: OrgInvitationView) => t(`org.roles.${row.role}`),
    },
    {
      title: t('org.inviteExpires'),
      render: (_: unknown, row: OrgInvitationView) => formatTime(row.expires_at),
    },
    {
      title: t('org.actions'),
      render: (_: unknown, row: OrgInvitationView) => (
        <Popconfirm
          title={t('org.revokeConfirm', { username: row.username })}
          onOk={() => revoke.mutate(row.id)}
        >
          <Button
            size="small"
            status="danger"
            loading={revoke.isPending && revoke.variables === row.id}
            data-testid={`org-revoke-${row.username}`}
          >
            {t('org.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <ListTable
      rowKey="id"
      loading={pending.isFetching}
      columns={columns}
      data={pending.data ?? []}
      pagination={false}
      noDataElement={t('org.noPending')}
      testId="org-pending-invitations"
    />
  );
}
