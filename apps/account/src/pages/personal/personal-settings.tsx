// /setting?tab=personal: the signed-in user's own account.
import { Card, Message, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { AccessTokenSection } from './access-token-section';
import { BindingsSection } from './bindings-section';
import { DeleteAccountSection } from './delete-account-section';
import { PasskeysSection } from './passkeys-section';
import { PasswordSection } from './password-section';
import { listOwnModels } from './personal.api';
import { ReferralSection } from './referral-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { useSelf } from './use-self';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title heading={6}>{title}</Typography.Title>
      {children}
    </div>
  );
}

/** Shows, once, the reason a bind that left the console (Telegram's widget) was refused. */
function useBindError() {
  const [params, setParams] = useSearchParams();
  const reason = params.get('bind_error');
  useEffect(() => {
    if (!reason) return;
    Message.error(reason);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bind_error');
        return next;
      },
      { replace: true },
    );
  }, [reason, setParams]);
}

export function PersonalSettings() {
  const { t } = useTranslation('account');
  useBindError();
  const { renderQuota } = useQuotaDisplay();
  const self = useSelf();
  const models = useQuery({ queryKey: ['account', 'models'], queryFn: listOwnModels });
  if (!self.data) {
    return (
      <RemoteRoot testId="personal-settings">
        <Spin />
      </RemoteRoot>
    );
  }
  const user = self.data;
  return (
    <RemoteRoot testId="personal-settings">
      <Card>
        <Section title={t('personal.account')}>
          <Space>
            <span data-testid="personal-username">{user.username}</span>
            <Tag>{user.group}</Tag>
            <span>{t('personal.balance', { quota: renderQuota(user.quota) })}</span>
          </Space>
        </Section>
        <Section title={t('personal.models')}>
          <Space wrap data-testid="personal-models">
            {(models.data ?? []).map((model) => (
              <Tag key={model}>{model}</Tag>
            ))}
            {models.data?.length === 0 ? t('personal.noModels') : null}
          </Space>
        </Section>
        <Section title={t('personal.invite')}>
          <ReferralSection self={user} />
        </Section>
        <Section title={t('personal.bindings')}>
          <BindingsSection self={user} />
        </Section>
        <Section title={t('personal.changePassword')}>
          <PasswordSection hasPassword={user.has_password !== false} />
        </Section>
        <Section title={t('twoFactor.title')}>
          <TwoFactorSection />
        </Section>
        <Section title={t('passkeys.title')}>
          <PasskeysSection />
        </Section>
        <Section title={t('sessions.title')}>
          <SessionsSection />
        </Section>
        <Section title={t('personal.accessToken')}>
          <AccessTokenSection />
        </Section>
        <Section title={t('personal.danger')}>
          <DeleteAccountSection self={user} />
        </Section>
      </Card>
    </RemoteRoot>
  );
}
