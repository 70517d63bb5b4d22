// The wallet page when the top bar's scope is an org (issue 32): the org's balance under a heading
// naming it; its owners and admins top it up (redeem code, from their own wallet, epay, Stripe),
// a plain member sees the balance only.
import { Alert, Card, Statistic, Typography } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import type { OrgDetail } from '@switchyard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OnlineTopUpCard } from './online-top-up-card';
import { OrgFundCard } from './org-fund-card';
import { RedeemCard } from './redeem-card';
import { StripeTopUpCard } from './stripe-top-up-card';
import { redeemIntoOrg } from './wallet.api';

export const orgWalletKey = (orgId: number) => ['billing', 'org-wallet', orgId] as const;

export function OrgWalletView({ org }: { org: OrgDetail }) {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const client = useQueryClient();
  const onlineTopUp = useSessionStore((state) => state.status?.enable_online_topup === true);
  const manager = org.role === 'owner' || org.role === 'admin';
  // Funding moves quota out of the user's own wallet too.
  const refresh = () => void client.invalidateQueries({ queryKey: ['billing'] });

  return (
    <>
      <Typography.Title heading={5} data-testid="org-wallet-heading">
        {t('wallet.orgHeading', { name: org.name })}
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <div data-testid="wallet-balance">
          <Statistic title={t('wallet.orgBalance')} value={renderQuota(org.quota)} />
        </div>
      </Card>
      {manager ? (
        <>
          <RedeemCard onRedeemed={refresh} redeem={(key) => redeemIntoOrg(org.id, key)} />
          <OrgFundCard orgId={org.id} onFunded={refresh} />
          {onlineTopUp ? <OnlineTopUpCard orgId={org.id} /> : null}
          <StripeTopUpCard orgId={org.id} />
        </>
      ) : (
        <Alert type="info" content={t('wallet.orgReadOnly')} data-testid="org-wallet-readonly" />
      )}
    </>
  );
}
