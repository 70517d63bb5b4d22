import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selfUser, serveEnvelope } from '../../test/fixtures';
import { getSelf, updateSelf } from '../user-edit/user-edit.api';
import {
  deleteSelf,
  getAffCode,
  listOwnModels,
  listRebates,
  transferAffQuota,
} from './personal.api';
import { PersonalSettings } from './personal-settings';

vi.mock('../user-edit/user-edit.api', () => ({ getSelf: vi.fn(), updateSelf: vi.fn() }));
vi.mock('./personal.api', () => ({
  getAffCode: vi.fn(),
  listOwnModels: vi.fn(),
  deleteSelf: vi.fn(),
  transferAffQuota: vi.fn(),
  listRebates: vi.fn(),
  generateAccessToken: vi.fn(),
  sendEmailCode: vi.fn(),
  bindEmail: vi.fn(),
}));

vi.mock('./passkeys.api', () => ({
  listPasskeys: vi.fn().mockResolvedValue([]),
  addPasskey: vi.fn(),
  deletePasskey: vi.fn(),
}));

vi.mock('./identity.api', () => ({
  getTwoFactor: vi.fn().mockResolvedValue({ enabled: false }),
  listSessions: vi.fn().mockResolvedValue([]),
  setupTwoFactor: vi.fn(),
  enableTwoFactor: vi.fn(),
  disableTwoFactor: vi.fn(),
  revokeSession: vi.fn(),
  revokeOtherSessions: vi.fn(),
  unbindOidc: vi.fn(),
}));

const self = selfUser({ aff_count: 2, aff_quota: 3_000_000, aff_history_quota: 4_000_000 });

const open = () =>
  renderPage(<PersonalSettings />, { path: '/setting', url: '/setting?tab=personal' });

describe('PersonalSettings', () => {
  beforeEach(() => {
    Message.clear();
    useSessionStore.setState(loadSessionData());
    vi.mocked(getSelf).mockResolvedValue(self);
    vi.mocked(getAffCode).mockResolvedValue('AbCd');
    vi.mocked(listOwnModels).mockResolvedValue(['model-a', 'model-b']);
    vi.mocked(listRebates).mockResolvedValue({ items: [], total: 0, page: 0, page_size: 10 });
    vi.mocked(deleteSelf).mockReset();
    vi.mocked(transferAffQuota).mockReset();
  });

  it('shows own models, the invitation link and referral stats', async () => {
    await open();
    expect(await screen.findByText('model-a')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('personal-aff-link')).toHaveValue(
        `${window.location.origin}/register?aff=AbCd`,
      ),
    );
    expect(screen.getByText('$6.00')).toBeInTheDocument();
    expect(screen.getByText('$8.00')).toBeInTheDocument();
  });

  it('lists the referral rebates earned from invitees, with their payments', async () => {
    vi.mocked(listRebates).mockResolvedValue({
      items: [
        {
          id: 3,
          invitee_id: 41,
          invitee_username: 'friend41',
          top_up_id: 77,
          payment_method: 'stripe',
          plan_name: '',
          quota: 250_000,
          created_at: 1_764_000_000,
        },
        {
          id: 4,
          invitee_id: 42,
          invitee_username: 'friend42',
          top_up_id: 78,
          payment_method: 'zfb',
          plan_name: 'Coder',
          quota: 100_000,
          created_at: 1_764_000_100,
        },
      ],
      total: 2,
      page: 0,
      page_size: 10,
    });
    await open();
    const list = await screen.findByTestId('personal-rebates');
    expect(list).toHaveTextContent('邀请返利');
    await waitFor(() => expect(list).toHaveTextContent('friend41'));
    expect(list).toHaveTextContent('订单 #77（Stripe）');
    // A plan bought online names the plan.
    expect(list).toHaveTextContent('套餐 Coder，订单 #78（支付宝）');
    expect(list).toHaveTextContent('$0.50');
    expect(vi.mocked(listRebates).mock.calls[0]).toEqual([0, 10]);
  });

  it('shows, once, why a bind that left the console was refused, and drops it from the URL', async () => {
    // Spied, not rendered: a toast's closing timer would outlive the test's document.
    const error = vi.spyOn(Message, 'error').mockImplementation(() => () => undefined);
    try {
      await renderPage(<PersonalSettings />, {
        path: '/setting',
        url: '/setting?tab=personal&bind_error=Telegram%20login%20data%20is%20invalid',
      });
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/setting\?tab=personal$/),
      );
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith('Telegram login data is invalid');
    } finally {
      error.mockRestore();
    }
  });

  it('refuses a transfer below one unit with 划转金额最低为', async () => {
    await open();
    await userEvent.click(await screen.findByTestId('personal-aff-transfer'));
    // Currency display is on: the amount is typed in dollars.
    const input = await screen.findByTestId('personal-aff-amount');
    await userEvent.clear(input);
    await userEvent.type(input, '0.5');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('划转金额最低为 $1.00')).toBeInTheDocument();
    expect(transferAffQuota).not.toHaveBeenCalled();
  });

  it('deletes the account only after the exact username is typed', async () => {
    vi.mocked(deleteSelf).mockResolvedValue(undefined);
    await open();
    await userEvent.click(await screen.findByTestId('personal-delete'));
    await userEvent.type(screen.getByTestId('personal-delete-confirm'), 'alic');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请输入你的账户名以确认删除！')).toBeInTheDocument();
    expect(deleteSelf).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('personal-delete-confirm'), 'e');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('账户已删除！')).toBeInTheDocument();
    expect(deleteSelf).toHaveBeenCalledTimes(1);
  });

  it('changes the password only with the current one, and none for an OAuth-only account', async () => {
    vi.mocked(updateSelf).mockResolvedValue(undefined);
    vi.mocked(updateSelf).mockClear();
    await open();
    await userEvent.type(await screen.findByTestId('personal-password'), 'second-pass-2');
    await userEvent.type(screen.getByTestId('personal-password2'), 'second-pass-2');
    await userEvent.click(screen.getByTestId('personal-password-submit'));
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(updateSelf).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('personal-current-password'), 'first-pass-1');
    await userEvent.click(screen.getByTestId('personal-password-submit'));
    await waitFor(() =>
      expect(updateSelf).toHaveBeenCalledWith({
        password: 'second-pass-2',
        original_password: 'first-pass-1',
      }),
    );
  });

  it('asks an account without a password for no current one', async () => {
    vi.mocked(getSelf).mockResolvedValue({ ...self, has_password: false });
    await open();
    expect(await screen.findByTestId('personal-password')).toBeInTheDocument();
    expect(screen.queryByTestId('personal-current-password')).not.toBeInTheDocument();
  });

  it('offers no account deletion to root', async () => {
    vi.mocked(getSelf).mockResolvedValue({ ...self, role: 100 });
    await open();
    expect(await screen.findByTestId('personal-username')).toBeInTheDocument();
    expect(screen.queryByTestId('personal-delete')).not.toBeInTheDocument();
  });

  it('shows WeChat as bound once the bind succeeds, reading the account again', async () => {
    useSessionStore.setState({ status: { wechat_login: true, wechat_qrcode: '' } as never });
    vi.mocked(getSelf)
      .mockResolvedValueOnce(self)
      .mockResolvedValue({ ...self, wechat_id: 'wx-1' });
    serveEnvelope({ success: true, message: '绑定成功', data: null });
    await open();
    expect(await screen.findByTestId('personal-wechat')).toHaveTextContent('未绑定');
    await userEvent.click(screen.getByTestId('personal-bind-wechat'));
    await userEvent.type(await screen.findByTestId('wechat-code'), '654321');
    await userEvent.click(screen.getByTestId('wechat-submit'));
    await waitFor(() => expect(screen.getByTestId('personal-wechat')).toHaveTextContent('已绑定'));
    expect(screen.getByTestId('personal-bind-wechat')).toBeDisabled();
  });

  it('asks for the email and the code before binding', async () => {
    await open();
    await userEvent.click(await screen.findByTestId('bind-email-submit'));
    expect(await screen.findByText('请输入邮箱！')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('bind-email'), 'a@example.com');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByText('请输入邮箱验证码！')).toBeInTheDocument();
  });
});
