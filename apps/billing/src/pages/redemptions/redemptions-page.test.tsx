import { Message, Modal } from '@arco-design/web-react';
import { ApiError } from '@switchyard/console-kit';
import { openRowMenu, pickRowAction, renderPage } from '@switchyard/console-kit/testing';
import type { RedemptionView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRedemptions, listRedemptions } from './redemptions.api';
import { RedemptionsPage } from './redemptions-page';

vi.mock('../plans/plans.api', () => ({
  listPlans: vi.fn().mockResolvedValue([]),
}));

vi.mock('./redemptions.api', () => ({
  listRedemptions: vi.fn(),
  searchRedemptions: vi.fn(),
  createRedemptions: vi.fn(),
  updateRedemption: vi.fn(),
  setRedemptionStatus: vi.fn(),
  deleteRedemption: vi.fn(),
}));

const code = (id: number, extra: Partial<RedemptionView> = {}): RedemptionView => ({
  id,
  name: `code${id}`,
  key: 'f'.repeat(32),
  status: 1,
  quota: 100000,
  created_time: 1_700_000_000,
  redeemed_time: 0,
  used_user_id: 0,
  plan_id: 0,
  ...extra,
});

describe('RedemptionsPage', () => {
  beforeEach(() => {
    Message.clear();
    vi.mocked(listRedemptions).mockResolvedValue({
      items: [code(1), code(2, { status: 3, used_user_id: 42 })],
      total: 2,
      page: 0,
      page_size: 10,
    });
  });
  afterEach(() => {
    Modal.destroyAll();
    vi.clearAllMocks();
  });

  it('shows none for an unused code, the redeemer of a used one, and locks used codes', async () => {
    await renderPage(<RedemptionsPage />, { url: '/redemption' });
    expect(await screen.findByText('无')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    const locked = await openRowMenu('code-more-2', 'code-toggle-2');
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('code-edit-2')).toHaveAttribute('aria-disabled', 'true');
    expect(await openRowMenu('code-more-1', 'code-toggle-1')).toHaveTextContent('禁用');
  });

  it('asks before deleting with the spec text', async () => {
    await renderPage(<RedemptionsPage />, { url: '/redemption' });
    await screen.findByTestId('code-more-1');
    await pickRowAction('code-more-1', 'code-delete-1');
    expect(await screen.findByText('确定是否要删除此兑换码？')).toBeInTheDocument();
    expect(screen.getByText('此修改将不可逆')).toBeInTheDocument();
  });

  it('creates with the defaults and offers the keys as a download', async () => {
    vi.mocked(createRedemptions).mockResolvedValue(['a'.repeat(32)]);
    await renderPage(<RedemptionsPage />, { url: '/redemption' });
    await userEvent.click(await screen.findByTestId('code-add'));
    await userEvent.click(screen.getByTestId('code-submit'));
    // An empty name is refused under the field, with the message the server would give.
    expect(await screen.findByText('此项为必填项')).toBeInTheDocument();
    expect(createRedemptions).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('code-name'), 'promo');
    await userEvent.click(screen.getByTestId('code-submit'));
    await waitFor(() =>
      expect(vi.mocked(createRedemptions).mock.calls[0]?.[0]).toEqual({
        name: 'promo',
        quota: 100000,
        count: 1,
      }),
    );
    expect(await screen.findByText('兑换码创建成功，是否下载兑换码？')).toBeInTheDocument();
  });

  it('takes the quota in dollars when currency display is on and sends quota units', async () => {
    vi.mocked(createRedemptions).mockResolvedValue(['a'.repeat(32)]);
    await renderPage(<RedemptionsPage />, { url: '/redemption' });
    await userEvent.click(await screen.findByTestId('code-add'));
    const quota = screen.getByTestId('code-quota');
    expect(quota).toHaveValue('0.2');
    await userEvent.clear(quota);
    await userEvent.type(quota, '2.5');
    await userEvent.type(screen.getByTestId('code-name'), 'promo');
    await userEvent.click(screen.getByTestId('code-submit'));
    await waitFor(() =>
      expect(vi.mocked(createRedemptions).mock.calls[0]?.[0]).toMatchObject({ quota: 1_250_000 }),
    );
  });

  it("shows the server's refusal of a field under that field, not as a raw message", async () => {
    vi.mocked(createRedemptions).mockRejectedValue(
      new ApiError('请求参数无效：count 不能大于 100', {
        kind: 'http',
        status: 400,
        data: {
          fields: [{ field: 'count', code: 'tooLarge', params: { max: 100 }, message: 'x' }],
        },
      }),
    );
    await renderPage(<RedemptionsPage />, { url: '/redemption' });
    await userEvent.click(await screen.findByTestId('code-add'));
    await userEvent.type(screen.getByTestId('code-name'), 'promo');
    await userEvent.click(screen.getByTestId('code-submit'));
    expect(await screen.findByText('请输入不大于 100 的数')).toBeInTheDocument();
    expect(screen.queryByText(/请求参数无效/)).toBeNull();
  });
});
