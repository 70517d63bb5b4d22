// /topup: balance and where it came from, the redeem box, and online top-up (epay, Stripe Checkout)
// where each is configured; for the org the top bar's scope names, that org's wallet instead.
import { Card, Spin, Statistic } from '@arco-design/web-react';
import { useOrgScope, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { OnlineTopUpCard } from './online-top-up-card';
import { OrgWalletView, orgWalletKey } from './org-wallet-view';
import { RedeemCard } from './redeem-card';
import { StripeTopUpCard } from './stripe-top-up-card';
import { getOrg, getSelf } from './wallet.api';
import { WALLET_HISTORY_KEY, WalletHistory } from './wallet-history';

export function WalletPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const client = useQueryClient();
  const onlineTopUp = useSessionStore((state) => state.status?.enable_online_topup === true);
  const self = useQuery({ queryKey: ['billing', 'self'], queryFn: getSelf, staleTime: 0 });
  const orgId = useOrgScope((state) => state.orgId);
  const org = useQuery({
    queryKey: orgWalletKey(orgId),
    queryFn: () => getOrg(orgId),
    enabled: orgId > 0,
    staleTime: 0,
  });

  if (orgId > 0 && !org.isError) {
    return (
      <RemoteRoot testId="wallet-page">
        <div style={{ maxWidth: 720 }}>
          {org.data ? <OrgWalletView org={org.data} /> : <Spin />}
        </div>
      </RemoteRoot>
    );
  }

  // Personal scope (or an org scope the server no longer answers for: the user's own wallet).
  return (
    <RemoteRoot testId="wallet-page">
      <div style={{ maxWidth: 720 }}>
        <Card style={{ marginBottom: 16 }}>
          <div data-testid="wallet-balance">
            <Statistic
              title={t('wallet.balance')}
              value={self.data ? renderQuota(self.data.quota) : '-'}
            />
          </div>
        </Card>
        <RedeemCard
          onRedeemed={() => {
            void self.refetch();
            void client.invalidateQueries({ queryKey: WALLET_HISTORY_KEY });
          }}
        />
        {/* Payment buttons only where a payment gateway is configured: no dead ends. */}
        {onlineTopUp ? <OnlineTopUpCard /> : null}
        <StripeTopUpCard />
        <WalletHistory />
      </div>
    </RemoteRoot>
  );
}
