// /topup: balance and where it came from, the redeem box, and online top-up (epay, Stripe Checkout)
// where each is configured.
import { Card, Statistic } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { OnlineTopUpCard } from './online-top-up-card';
import { RedeemCard } from './redeem-card';
import { StripeTopUpCard } from './stripe-top-up-card';
import { getSelf } from './wallet.api';
import { WALLET_HISTORY_KEY, WalletHistory } from './wallet-history';

export function WalletPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const client = useQueryClient();
  const onlineTopUp = useSessionStore((state) => state.status?.enable_online_topup === true);
  const self = useQuery({ queryKey: ['billing', 'self'], queryFn: getSelf, staleTime: 0 });

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
