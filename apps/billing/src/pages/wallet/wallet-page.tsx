// /topup: balance, redeem box, online top-up (epay) and, when configured, Stripe Checkout.
import { Card, Statistic } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { OnlineTopUpCard } from './online-top-up-card';
import { RedeemCard } from './redeem-card';
import { StripeTopUpCard } from './stripe-top-up-card';
import { getSelf } from './wallet.api';

export function WalletPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const self = useQuery({ queryKey: ['billing', 'self'], queryFn: getSelf, staleTime: 0 });

  return (
    <RemoteRoot testId="wallet-page">
      <div style={{ maxWidth: 640 }}>
        <Card style={{ marginBottom: 16 }}>
          <div data-testid="wallet-balance">
            <Statistic
              title={t('wallet.balance')}
              value={self.data ? renderQuota(self.data.quota) : '-'}
            />
          </div>
        </Card>
        <RedeemCard onRedeemed={() => void self.refetch()} />
        <OnlineTopUpCard />
        <StripeTopUpCard />
      </div>
    </RemoteRoot>
  );
}
