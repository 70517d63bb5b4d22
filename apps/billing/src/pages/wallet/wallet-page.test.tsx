import { Message, Modal } from '@arco-design/web-react';
import { ApiError, loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PublicStatus, SelfUser } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goToCheckout } from './submit-payment';
import { getSelf, quoteTopUp, redeemCode, startPayment, startStripePayment } from './wallet.api';
import { WalletPage } from './wallet-page';

vi.mock('./wallet.api', () => ({
  getSelf: vi.fn(),
  redeemCode: vi.fn(),
  quoteTopUp: vi.fn(),
  startPayment: vi.fn(),
  startStripePayment: vi.fn(),
}));
vi.mock('./submit-payment', () => ({ submitPaymentForm: vi.fn(), goToCheckout: vi.fn() }));

const self = { id: 7, quota: 1_000_000 } as SelfUser;

function withStatus(status: Partial<PublicStatus>) {
  useSessionStore.setState({
    ...loadSessionData(),
    status: {
      display_in_currency: true,
      quota_per_unit: 500000,
      top_up_link: '',
      min_topup: 2,
      enable_online_topup: true,
      ...status,
    } as PublicStatus,
  });
}

describe('WalletPage', () => {
  beforeEach(() => {
    Message.clear();
    vi.mocked(getSelf).mockResolvedValue(self);
    vi.mocked(quoteTopUp).mockResolvedValue(14.6);
    withStatus({});
  });
  afterEach(() => {
    Modal.destroyAll();
    vi.clearAllMocks();
  });

  it('shows the balance', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$2.00'));
  });

  it('warns about an empty code and says when no top-up link is set', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.click(screen.getByTestId('redeem-submit'));
    expect(await screen.findByText('请输入兑换码！')).toBeInTheDocument();
    expect(redeemCode).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('redeem-get-code'));
    expect(await screen.findByText('超级管理员未设置充值链接！')).toBeInTheDocument();
  });

  it('shows the redeemed amount and reloads the balance', async () => {
    vi.mocked(redeemCode).mockResolvedValue(500000);
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.type(screen.getByTestId('redeem-code'), ' abc ');
    await userEvent.click(screen.getByTestId('redeem-submit'));
    expect(await screen.findByText('成功兑换额度：$1.00')).toBeInTheDocument();
    expect(vi.mocked(redeemCode).mock.calls[0]?.[0]).toBe('abc');
    await waitFor(() => expect(getSelf).toHaveBeenCalledTimes(2));
  });

  it('shows the server refusal of a code', async () => {
    vi.mocked(redeemCode).mockRejectedValue(
      new ApiError('无效的兑换码或兑换码已被使用', { kind: 'refused', status: 200 }),
    );
    const shown = vi.spyOn(Message, 'error');
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.type(screen.getByTestId('redeem-code'), 'used');
    await userEvent.click(screen.getByTestId('redeem-submit'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('无效的兑换码或兑换码已被使用'));
  });

  it('previews the price and refuses amounts below the minimum', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByTestId('topup-payable')).toHaveTextContent('14.60');
    const amount = screen.getByTestId('topup-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.tab();
    expect(amount).toHaveValue('1');
    await userEvent.click(screen.getByTestId('topup-pay-zfb'));
    expect(await screen.findByText('充值数量不能小于 2')).toBeInTheDocument();
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('says when online top-up is off', async () => {
    withStatus({ enable_online_topup: false });
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.click(screen.getByTestId('topup-pay-wx'));
    expect(await screen.findByText('管理员未开启在线充值！')).toBeInTheDocument();
  });

  it('offers Stripe only when it is configured', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    await screen.findByTestId('topup-payable');
    expect(screen.queryByTestId('stripe-topup')).not.toBeInTheDocument();
  });

  it('opens the Stripe Checkout page for the amount, refusing one below the minimum', async () => {
    withStatus({ enable_stripe_topup: true });
    vi.mocked(startStripePayment).mockResolvedValue({
      url: 'https://checkout.stripe.com/c/pay/cs_1',
    });
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByText('使用 Stripe 支付')).toBeInTheDocument();
    const amount = screen.getByTestId('stripe-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1');
    await userEvent.tab();
    await userEvent.click(screen.getByTestId('stripe-pay'));
    expect(await screen.findByText('充值数量不能小于 2')).toBeInTheDocument();
    expect(startStripePayment).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.tab();
    await userEvent.click(screen.getByTestId('stripe-pay'));
    await waitFor(() =>
      expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'),
    );
    expect(vi.mocked(startStripePayment).mock.calls[0]?.[0]).toBe(25);
  });

  it('shows no epay buttons on a site that takes only Stripe', async () => {
    withStatus({ enable_online_topup: false, enable_stripe_topup: true });
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByTestId('stripe-pay')).toBeInTheDocument();
    expect(screen.queryByTestId('topup-pay-zfb')).not.toBeInTheDocument();
  });

  it('says what happened when Stripe sends the browser back', async () => {
    withStatus({ enable_stripe_topup: true });
    await renderPage(<WalletPage />, { url: '/topup?stripe=success' });
    expect(await screen.findByTestId('stripe-return')).toHaveTextContent(
      '已收到付款：Stripe 确认后余额即会增加。',
    );
  });
});
