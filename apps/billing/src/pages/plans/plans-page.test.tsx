import { useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PlanView, PublicStatus, SubscriptionView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goToCheckout, submitPaymentForm } from '../wallet/submit-payment';
import {
  buyPlan,
  listAvailablePlans,
  mySubscriptions,
  payPlanByEpay,
  payPlanByStripe,
  setAutoRenew,
} from './plans.api';
import { PlansPage } from './plans-page';

vi.mock('./plans.api', () => ({
  listAvailablePlans: vi.fn(),
  mySubscriptions: vi.fn(),
  buyPlan: vi.fn(),
  payPlanByEpay: vi.fn(),
  payPlanByStripe: vi.fn(),
  setAutoRenew: vi.fn(),
  listPlans: vi.fn(),
  createPlan: vi.fn(),
  updatePlan: vi.fn(),
  deletePlan: vi.fn(),
}));
vi.mock('../wallet/submit-payment', () => ({ submitPaymentForm: vi.fn(), goToCheckout: vi.fn() }));

const plan: PlanView = {
  id: 7,
  name: 'Coder',
  description: 'For coding agents',
  status: 1,
  price: 500_000,
  duration_days: 30,
  models: 'gpt-4o',
  groups: '',
  limits: [
    { period: '5h', quota: 100_000 },
    { period: 'day', quota: 250_000 },
  ],
  upgrade_group: '',
  sort: 0,
  created_at: 1_700_000_000,
  epay_money: 7.3,
  stripe_money: 0.92,
  stripe_currency: 'EUR',
};

const subscription: SubscriptionView = {
  id: 3,
  user_id: 1,
  plan_id: 7,
  plan_name: 'Coder',
  models: 'gpt-4o',
  status: 1,
  starts_at: 1_700_000_000,
  expires_at: 1_702_592_000,
  auto_renew: false,
  source: 'wallet',
  limits: [
    { period: '5h', used: 50_000, quota: 100_000, resets_at: 1_700_018_000 },
    { period: 'day', used: 50_000, quota: 250_000, resets_at: 1_700_086_400 },
  ],
};

describe('PlansPage', () => {
  beforeEach(() => {
    vi.mocked(listAvailablePlans).mockResolvedValue([plan]);
    vi.mocked(mySubscriptions).mockResolvedValue([subscription]);
  });
  afterEach(() => vi.clearAllMocks());

  it('shows each plan as a card with its models and windows, and the windows used', async () => {
    await renderPage(<PlansPage />, { url: '/plans' });
    const card = await screen.findByTestId('plan-card-7');
    expect(card).toHaveTextContent('gpt-4o');
    expect(card).toHaveTextContent('For coding agents');
    expect(card).toHaveTextContent('30');
    const window = await screen.findByTestId('window-3-5h');
    expect(window).toHaveTextContent('5 小时');
    expect(screen.getByTestId('window-3-day')).toHaveTextContent('天');
    expect(screen.getByTestId('subscription-3')).toHaveTextContent('生效中');
  });

  it('buys a plan from the wallet after a confirmation, and turns renewal on', async () => {
    vi.mocked(buyPlan).mockResolvedValue(subscription);
    vi.mocked(setAutoRenew).mockResolvedValue({ ...subscription, auto_renew: true });
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await renderPage(<PlansPage />, { url: '/plans' });
    await person.click(await screen.findByTestId('plan-buy-7'));
    await person.click(await screen.findByRole('button', { name: /确/ }));
    await waitFor(() => expect(buyPlan).toHaveBeenCalledWith(7, expect.anything()));
    await person.click(screen.getByTestId('subscription-renew-3'));
    await waitFor(() => expect(setAutoRenew).toHaveBeenCalledWith(3, true));
  });
});

describe('PlansPage online payments', () => {
  beforeEach(() => {
    vi.mocked(listAvailablePlans).mockResolvedValue([plan]);
    vi.mocked(mySubscriptions).mockResolvedValue([]);
  });
  afterEach(() => {
    vi.clearAllMocks();
    useSessionStore.setState({ status: null });
  });

  const withPayments = (epay: boolean, stripe: boolean) =>
    useSessionStore.setState({
      status: { enable_online_topup: epay, enable_stripe_topup: stripe } as PublicStatus,
    });

  it('offers only the wallet when no gateway is configured', async () => {
    withPayments(false, false);
    await renderPage(<PlansPage />, { url: '/plans' });
    await screen.findByTestId('plan-buy-7');
    expect(screen.queryByTestId('plan-pay-zfb-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('plan-pay-stripe-7')).not.toBeInTheDocument();
  });

  it('pays by epay (the signed form is posted) and by Stripe (the browser goes to Checkout)', async () => {
    withPayments(true, true);
    const form = { url: 'http://pay.example/submit.php', fields: { out_trade_no: 'SY1' } };
    vi.mocked(payPlanByEpay).mockResolvedValue(form);
    vi.mocked(payPlanByStripe).mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await renderPage(<PlansPage />, { url: '/plans' });
    await person.click(await screen.findByTestId('plan-pay-wx-7'));
    await waitFor(() => expect(submitPaymentForm).toHaveBeenCalledWith(form));
    expect(payPlanByEpay).toHaveBeenCalledWith(7, 'wx');
    await person.click(screen.getByTestId('plan-pay-stripe-7'));
    await waitFor(() =>
      expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'),
    );
    expect(buyPlan).not.toHaveBeenCalled();
  });

  it('says so when Stripe sends the buyer back', async () => {
    withPayments(false, true);
    await renderPage(<PlansPage />, { url: '/plans?stripe=success' });
    expect(await screen.findByTestId('plans-stripe-return')).toHaveTextContent('Stripe');
  });
});
