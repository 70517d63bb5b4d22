import { renderPage } from '@switchyard/console-kit/testing';
import type { PlanView } from '@switchyard/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteRoot } from '../../remote';
import { PlanCard, type PlanCardProps } from './plan-card';

const plan: PlanView = {
  id: 7,
  name: 'Coder',
  description: '',
  status: 1,
  price: 1_000_000,
  duration_days: 30,
  models: '',
  groups: '',
  limits: [],
  upgrade_group: '',
  sort: 0,
  created_at: 1_700_000_000,
  epay_money: 14.6,
  stripe_money: 1.84,
  stripe_currency: 'EUR',
};

function renderCard(props: Partial<PlanCardProps>, language: 'zh' | 'en' = 'zh') {
  const onPay = vi.fn();
  const card = (
    <RemoteRoot testId="plan-card-root">
      <PlanCard
        plan={plan}
        renderQuota={(quota) => `$${(quota / 500_000).toFixed(2)}`}
        buying={false}
        onBuy={vi.fn()}
        payments={['zfb', 'wx', 'stripe']}
        paying={null}
        onPay={onPay}
        {...props}
      />
    </RemoteRoot>
  );
  return { onPay, rendered: renderPage(card, { language }) };
}

describe('PlanCard', () => {
  it('shows on each online payment the sum the server quoted, in its currency', async () => {
    const { onPay, rendered } = renderCard({});
    await rendered;
    expect(screen.getByTestId('plan-pay-zfb-7')).toHaveTextContent('支付宝 · ¥14.60');
    expect(screen.getByTestId('plan-pay-wx-7')).toHaveTextContent('微信支付 · ¥14.60');
    expect(screen.getByTestId('plan-pay-stripe-7')).toHaveTextContent('银行卡（Stripe） · €1.84');
    await userEvent.click(screen.getByTestId('plan-pay-stripe-7'));
    expect(onPay).toHaveBeenCalledWith(plan, 'stripe');
  });

  it('reads in English with the currency codes of the locale', async () => {
    await renderCard({}, 'en').rendered;
    expect(screen.getByTestId('plan-pay-zfb-7')).toHaveTextContent('Alipay · CN¥14.60');
    expect(screen.getByTestId('plan-pay-stripe-7')).toHaveTextContent('Card (Stripe) · €1.84');
  });

  it('offers no gateway the server quoted no sum for', async () => {
    const { stripe_money: _s, stripe_currency: _c, ...epayOnly } = plan;
    const first = await renderCard({ plan: epayOnly }).rendered;
    expect(screen.getByTestId('plan-pay-wx-7')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-pay-stripe-7')).not.toBeInTheDocument();
    first.unmount();
    const { epay_money: _e, ...none } = epayOnly;
    await renderCard({ plan: none }).rendered;
    expect(screen.getByTestId('plan-buy-7')).toBeInTheDocument();
    expect(screen.queryByText('或在线支付：')).not.toBeInTheDocument();
  });
});
