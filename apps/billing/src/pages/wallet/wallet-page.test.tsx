import { Message, Modal } from '@arco-design/web-react';
import { ApiError, loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PublicStatus, SelfUser, WalletHistoryEntry } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goToCheckout } from './submit-payment';
import {
  getSelf,
  listWalletHistory,
  quoteTopUp,
  redeemCode,
  startPayment,
  startStripePayment,
} from './wallet.api';
import { WalletPage } from './wallet-page';

vi.mock('./wallet.api', () => ({
  getSelf: vi.fn(),
  redeemCode: vi.fn(),
  quoteTopUp: vi.fn(),
  startPayment: vi.fn(),
  listWalletHistory: vi.fn(),
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
    vi.mocked(listWalletHistory).mockResolvedValue({ items: [], total: 0, page: 0, page_size: 10 });
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

  it('warns about an empty code on the field, and offers "get code" only with a top-up link', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.click(screen.getByTestId('redeem-submit'));
    const help = await screen.findByText('请输入兑换码！');
    expect(help.closest('.arco-form-item')).toContainElement(screen.getByTestId('redeem-code'));
    expect(redeemCode).not.toHaveBeenCalled();
    expect(screen.queryByTestId('redeem-get-code')).not.toBeInTheDocument();
  });

  it('opens the configured top-up link from "get code"', async () => {
    withStatus({ top_up_link: 'https://shop.example.com/codes' });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.click(screen.getByTestId('redeem-get-code'));
    expect(opened).toHaveBeenCalledWith('https://shop.example.com/codes', '_blank', 'noopener');
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

  it('shows the server refusal of a code under the field, until the code is changed', async () => {
    vi.mocked(redeemCode).mockRejectedValue(
      new ApiError('无效的兑换码或兑换码已被使用', { kind: 'refused', status: 200 }),
    );
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.type(screen.getByTestId('redeem-code'), 'used');
    await userEvent.click(screen.getByTestId('redeem-submit'));
    const help = await screen.findByText('无效的兑换码或兑换码已被使用');
    expect(help.closest('.arco-form-item')).toContainElement(screen.getByTestId('redeem-code'));
    await userEvent.type(screen.getByTestId('redeem-code'), 'x');
    await waitFor(() =>
      expect(screen.queryByText('无效的兑换码或兑换码已被使用')).not.toBeInTheDocument(),
    );
  });

  it('lists redeemed codes and every online payment with what it bought', async () => {
    const order = (id: number, over: Partial<WalletHistoryEntry>): WalletHistoryEntry => ({
      kind: 'topup',
      id,
      time: 1_700_000_000 + id * 100,
      quota: 500_000,
      money: 21.9,
      payment_method: 'wx',
      status: 'success',
      target: 'wallet',
      target_id: 0,
      target_name: '',
      currency: 'CNY',
      ...over,
    });
    vi.mocked(listWalletHistory).mockResolvedValue({
      items: [
        order(6, { target: 'plan', target_id: 2, target_name: 'Coder Pro' }),
        order(5, {
          target: 'org',
          target_id: 7,
          target_name: 'Acme Lab',
          payment_method: 'stripe',
          currency: 'EUR',
          money: 2.76,
        }),
        order(4, { target: 'plan', target_id: 8 }),
        order(3, { quota: 1_500_000, status: 'pending' }),
        order(0, { kind: 'redemption', quota: 49, money: 0, payment_method: '', currency: '' }),
      ],
      total: 5,
      page: 0,
      page_size: 10,
    });
    await renderPage(<WalletPage />, { url: '/topup' });
    const table = await screen.findByTestId('wallet-history');
    await waitFor(() => expect(table).toHaveTextContent('套餐 Coder Pro'));
    expect(table).toHaveTextContent('组织 Acme Lab');
    expect(table).toHaveTextContent('2.76 EUR');
    expect(table).toHaveTextContent('Stripe');
    expect(table).toHaveTextContent('套餐 #8（已删除）');
    expect(table).toHaveTextContent('钱包充值');
    expect(table).toHaveTextContent('21.90 CNY');
    expect(table).toHaveTextContent('微信支付');
    expect(table).toHaveTextContent('在线支付');
    expect(table).toHaveTextContent('$3.00');
    expect(table).toHaveTextContent('待支付');
    expect(table).toHaveTextContent('兑换码');
    expect(table).toHaveTextContent('$0.000098');
    expect(listWalletHistory).toHaveBeenCalledWith(1, 10);
  });

  it('says when there is no history yet', async () => {
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByText('还没有充值或兑换记录')).toBeInTheDocument();
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

  it('shows no payment buttons when online top-up is not configured', async () => {
    withStatus({ enable_online_topup: false });
    await renderPage(<WalletPage />, { url: '/topup' });
    await screen.findByTestId('redeem-submit');
    expect(screen.queryByTestId('topup-pay-wx')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topup-pay-zfb')).not.toBeInTheDocument();
    expect(quoteTopUp).not.toHaveBeenCalled();
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
