// The members of an org with role, cap per window and spend; owners and admins edit caps and
// roles and remove members (the server decides what each may do), anyone may leave.
import { Button, InputNumber, Popconfirm, Select, Space, Table } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import {
  ORG_CAP_PERIODS,
  ORG_ROLES,
  type OrgDetail,
  type OrgMemberView,
} from '@switchyard/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveMember, useUpdateMember } from './use-org';

type Draft = Pick<OrgMemberView, 'role' | 'quota_limit' | 'window_period'>;

export function OrgMembers({ org }: { org: OrgDetail }) {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const me = useSessionStore((state) => state.user?.id);
  const manager = org.role === 'owner' || org.role === 'admin';
  const update = useUpdateMember(org.id);
  const remove = useRemoveMember(org.id);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const draftOf = (m: OrgMemberView): Draft =>
    drafts[m.user_id] ?? {
      role: m.role,
      quota_limit: m.quota_limit,
      window_period: m.window_period,
    };
  const edit = (m: OrgMemberView, patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [m.user_id]: { ...draftOf(m), ...patch } }));

  const columns = [
    { title: t('org.member'), dataIndex: 'username' },
    {
      title: t('org.role'),
      render: (_: unknown, m: OrgMemberView) =>
        manager ? (
          <Select
            size="small"
            style={{ width: 110 }}
            aria-label={t('org.role')}
            value={draftOf(m).role}
            onChange={(role) => edit(m, { role })}
            options={ORG_ROLES.map((role) => ({ label: t(`org.roles.${role}`), value: role }))}
          />
        ) : (
          t(`org.roles.${m.role}`)
        ),
    },
    {
      title: t('org.cap'),
      render: (_: unknown, m: OrgMemberView) =>
        manager ? (
          <Space size={4} wrap>
            <InputNumber
              size="small"
              min={0}
              style={{ width: 120 }}
              aria-label={t('org.cap')}
              data-testid={`org-cap-${m.username}`}
              value={draftOf(m).quota_limit}
              onChange={(value) => edit(m, { quota_limit: Number(value ?? 0) })}
            />
            <Select
              size="small"
              style={{ width: 100 }}
              aria-label={t('org.period')}
              value={draftOf(m).window_period}
              onChange={(window_period) => edit(m, { window_period })}
              options={ORG_CAP_PERIODS.map((p) => ({
                label: t(`org.periods.${p || 'none'}`),
                value: p,
              }))}
            />
          </Space>
        ) : m.quota_limit > 0 ? (
          `${renderQuota(m.quota_limit)} / ${t(`org.periods.${m.window_period || 'none'}`)}`
        ) : (
          t('org.noCap')
        ),
    },
    {
      title: t('org.spent'),
      render: (_: unknown, m: OrgMemberView) =>
        `${renderQuota(m.window_used)} · ${renderQuota(m.used_quota)}`,
    },
    {
      title: t('org.actions'),
      render: (_: unknown, m: OrgMemberView) => (
        <Space size={4}>
          {manager ? (
            <Button
              size="small"
              type="primary"
              data-testid={`org-save-${m.username}`}
              loading={update.isPending}
              onClick={() => update.mutate({ userId: m.user_id, body: draftOf(m) })}
            >
              {t('org.save')}
            </Button>
          ) : null}
          {manager || m.user_id === me ? (
            <Popconfirm
              title={m.user_id === me ? t('org.leaveConfirm') : t('org.removeConfirm')}
              onOk={() => remove.mutate(m.user_id)}
            >
              <Button size="small" status="danger">
                {m.user_id === me ? t('org.leave') : t('org.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Table
      rowKey="user_id"
      size="small"
      scroll={{ x: 640 }}
      columns={columns}
      data={org.members}
      pagination={false}
      data-testid="org-members"
    />
  );
}
