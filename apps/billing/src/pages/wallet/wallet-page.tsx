// /topup: balance, redeem box, online top-up (epay) and, when configured, Stripe Checkout.
import { Card, Statistic } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
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
  const status = useSessionStore((state) => state.status);
  // A site that takes only Stripe shows no Alipay/WeChat buttons that could only refuse.
  const epayShown = status?.enable_online_topup === true || status?.enable_stripe_topup !== true;

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
        {epayShown ? <OnlineTopUpCard /> : null}
        <StripeTopUpCard />
      </div>
    </RemoteRoot>
  );
}
