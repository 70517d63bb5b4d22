// Inviting a user into the org by username or email with a role; the link comes back to copy
// (and is mailed when the server has SMTP).
import { Button, Input, Select, Space, Typography } from '@arco-design/web-react';
import { ORG_ROLES, type OrgRole } from '@switchyard/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvite } from './use-org';

export function OrgInvite({ orgId }: { orgId: number }) {
  const { t } = useTranslation('account');
  const invite = useInvite(orgId);
  const [who, setWho] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const submit = () => {
    const value = who.trim();
    if (!value) return;
    invite.mutate(value.includes('@') ? { email: value, role } : { username: value, role });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          style={{ width: 220 }}
          aria-label={t('org.inviteWho')}
          placeholder={t('org.inviteWho')}
          value={who}
          onChange={setWho}
          onPressEnter={submit}
          data-testid="org-invite-who"
        />
        <Select
          style={{ width: 120 }}
          aria-label={t('org.role')}
          value={role}
          onChange={setRole}
          options={ORG_ROLES.map((r) => ({ label: t(`org.roles.${r}`), value: r }))}
        />
        <Button type="primary" loading={invite.isPending} onClick={submit} data-testid="org-invite">
          {t('org.invite')}
        </Button>
      </Space>
      {invite.data ? (
        <div data-testid="org-invite-link">
          <Typography.Text>
            {invite.data.mailed ? t('org.inviteMailed') : t('org.inviteCopy')}
          </Typography.Text>
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
            {invite.data.link}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Space>
  );
}
