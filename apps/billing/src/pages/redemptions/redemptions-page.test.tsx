import { Message, Modal } from '@arco-design/web-react';
import type { RedemptionView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-page';
import { createRedemptions, listRedemptions } from './redemptions.api';
import { RedemptionsPage } from './redemptions-page';

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
    await renderPage(<RedemptionsPage />, '/redemption');
    expect(await screen.findByText('无')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByTestId('code-toggle-2')).toBeDisabled();
    expect(screen.getByTestId('code-toggle-1')).toHaveTextContent('禁用');
  });

  it('asks before deleting with the spec text', async () => {
    await renderPage(<RedemptionsPage />, '/redemption');
    await userEvent.click(await screen.findByTestId('code-delete-1'));
    expect(await screen.findByText('确定是否要删除此兑换码？')).toBeInTheDocument();
    expect(screen.getByText('此修改将不可逆')).toBeInTheDocument();
  });

  it('creates with the defaults and offers the keys as a download', async () => {
    vi.mocked(createRedemptions).mockResolvedValue(['a'.repeat(32)]);
    await renderPage(<RedemptionsPage />, '/redemption');
    await userEvent.click(await screen.findByTestId('code-add'));
    await userEvent.click(screen.getByTestId('code-submit'));
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
});
