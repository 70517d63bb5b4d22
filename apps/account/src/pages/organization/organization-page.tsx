// /organization (issue 32): my orgs and a new one; for the org in scope (the top bar's switcher)
// its wallet, members with roles and caps, invitations and its log.
import { Button, Card, Empty, Input, Radio, Space, Typography } from '@arco-design/web-react';
import { useOrgScope, useSessionStore } from '@switchyard/console-kit';
import { isAdmin } from '@switchyard/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { AllOrgs } from './all-orgs';
import { OrgInvite } from './org-invite';
import { OrgLog } from './org-log';
import { OrgMembers } from './org-members';
import { OrgPendingInvitations } from './org-pending-invitations';
import { OrgWallet } from './org-wallet';
import { useCreateOrg, useMyOrgs, useOrg } from './use-org';

function NewOrg() {
  const { t } = useTranslation('account');
  const create = useCreateOrg();
  const setOrgId = useOrgScope((state) => state.setOrgId);
  const [name, setName] = useState('');
  const submit = () => {
    if (!name.trim()) return;
    create.mutate(name.trim(), { onSuccess: (org) => setOrgId(org.id) });
  };
  return (
    <Space wrap>
      <Input
        style={{ width: 220 }}
        aria-label={t('org.name')}
        placeholder={t('org.name')}
        value={name}
        onChange={setName}
        onPressEnter={submit}
        data-testid="org-name"
      />
      <Button type="primary" onClick={submit} loading={create.isPending} data-testid="org-create">
        {t('org.create')}
      </Button>
    </Space>
  );
}

export function OrganizationPage() {
  const { t } = useTranslation('account');
  const { orgId, setOrgId } = useOrgScope();
  const mine = useMyOrgs();
  const list = mine.data ?? [];
  const current = list.some((org) => org.id === orgId) ? orgId : 0;
  const org = useOrg(current);
  const manager = org.data?.role === 'owner' || org.data?.role === 'admin';
  const siteAdmin = useSessionStore((state) => isAdmin(state.user?.role));
  return (
    <RemoteRoot testId="organization-page">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('org.mine')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {list.length > 0 ? (
              <Radio.Group
                type="button"
                aria-label={t('org.mine')}
                value={current}
                onChange={(value: number) => setOrgId(value)}
                options={list.map((o) => ({ label: o.name, value: o.id }))}
              />
            ) : (
              <Typography.Text type="secondary">{t('org.none')}</Typography.Text>
            )}
            <NewOrg />
          </Space>
        </Card>
        {current > 0 && org.data ? (
          <>
            <Card title={`${org.data.name} · ${t(`org.roles.${org.data.role ?? 'member'}`)}`}>
              <OrgWallet org={org.data} />
            </Card>
            <Card title={t('org.members')}>
              <OrgMembers org={org.data} />
            </Card>
            {manager ? (
              <Card title={t('org.invitations')}>
                <Space direction="vertical" size="medium" style={{ width: '100%' }}>
                  <OrgInvite orgId={org.data.id} />
                  <OrgPendingInvitations orgId={org.data.id} />
                </Space>
              </Card>
            ) : null}
            <Card title={t('org.log')}>
              <OrgLog orgId={org.data.id} />
            </Card>
          </>
        ) : list.length > 0 ? (
          <Empty description={t('org.pick')} />
        ) : null}
        {siteAdmin ? (
          <Card title={t('org.all')}>
            <AllOrgs />
          </Card>
        ) : null}
      </Space>
    </RemoteRoot>
  );
}
