import { Modal } from '@arco-design/web-react';
import { loadSessionData, useOrgScope, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { OrgDetail, PublicStatus, SelfUser } from '@switchyard/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goToCheckout, submitPaymentForm } from './submit-payment';
import {
  fundOrg,
  getOrg,
  getSelf,
  listWalletHistory,
  quoteTopUp,
  redeemIntoOrg,
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
  getOrg: vi.fn(),
  fundOrg: vi.fn(),
  redeemIntoOrg: vi.fn(),
}));
vi.mock('./submit-payment', () => ({ submitPaymentForm: vi.fn(), goToCheckout: vi.fn() }));

const org = (role: OrgDetail['role']): OrgDetail => ({
  id: 5,
  name: 'Acme',
  quota: 1_500_000,
  used_quota: 0,
  request_count: 0,
  created_at: 1_700_000_000,
  role,
  member_count: 2,
  members: [],
  invitations: [],
});

describe('WalletPage in an org scope', () => {
  beforeEach(() => {
    useSessionStore.setState({
      ...loadSessionData(),
      status: {
        display_in_currency: true,
        quota_per_unit: 500000,
        top_up_link: '',
        min_topup: 1,
        enable_online_topup: true,
        enable_stripe_topup: true,
      } as PublicStatus,
    });
    useOrgScope.getState().setOrgId(5);
    vi.mocked(getSelf).mockResolvedValue({ id: 7, quota: 1_000_000 } as SelfUser);
    vi.mocked(quoteTopUp).mockResolvedValue(14.6);
    vi.mocked(listWalletHistory).mockResolvedValue({ items: [], total: 0, page: 0, page_size: 10 });
  });
  afterEach(() => {
    Modal.destroyAll();
    useOrgScope.getState().setOrgId(0);
    vi.clearAllMocks();
  });

  it("an owner sees the org's balance under its name and tops the org up by epay", async () => {
    vi.mocked(getOrg).mockResolvedValue(org('owner'));
    vi.mocked(startPayment).mockResolvedValue({ url: 'http://pay.example', fields: {} });
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByTestId('org-wallet-heading')).toHaveTextContent('组织钱包：Acme');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$3.00');
    expect(getOrg).toHaveBeenCalledWith(5);
    // The confirmation's OK, called as the modal would.
    const confirm = vi.spyOn(Modal, 'confirm');
    fireEvent.click(screen.getByTestId('topup-pay-zfb'));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    await confirm.mock.calls[0]?.[0].onOk?.();
    await waitFor(() => expect(submitPaymentForm).toHaveBeenCalled());
    expect(vi.mocked(startPayment).mock.calls[0]).toEqual([1, 'zfb', 5]);
  });

  it('an admin moves quota in from their wallet, redeems a code and pays through Stripe for the org', async () => {
    vi.mocked(getOrg).mockResolvedValue(org('admin'));
    vi.mocked(fundOrg).mockResolvedValue(1_750_000);
    vi.mocked(redeemIntoOrg).mockResolvedValue(500_000);
    vi.mocked(startStripePayment).mockResolvedValue({ url: 'https://checkout.stripe.com/c/1' });
    await renderPage(<WalletPage />, { url: '/topup' });
    await userEvent.type(await screen.findByTestId('org-fund-quota'), '250000');
    await userEvent.click(screen.getByTestId('org-fund-submit'));
    await waitFor(() => expect(fundOrg).toHaveBeenCalledWith(5, 250000));
    await userEvent.type(screen.getByTestId('redeem-code'), 'CODE-1');
    await userEvent.click(screen.getByTestId('redeem-submit'));
    await waitFor(() => expect(redeemIntoOrg).toHaveBeenCalledWith(5, 'CODE-1'));
    await userEvent.click(screen.getByTestId('stripe-pay'));
    await waitFor(() =>
      expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/1'),
    );
    expect(vi.mocked(startStripePayment).mock.calls[0]).toEqual([1, 5]);
  });

  it('a plain member sees the balance only', async () => {
    vi.mocked(getOrg).mockResolvedValue(org('member'));
    await renderPage(<WalletPage />, { url: '/topup' });
    expect(await screen.findByTestId('org-wallet-readonly')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$3.00');
    expect(screen.queryByTestId('redeem-code')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topup-pay-zfb')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stripe-pay')).not.toBeInTheDocument();
  });
});
