import { renderPage } from '@switchyard/console-kit/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmReset } from './reset.api';
import { ResetConfirmPage } from './reset-confirm-page';

vi.mock('./reset.api', () => ({ confirmReset: vi.fn(), requestReset: vi.fn() }));

describe('ResetConfirmPage', () => {
  it('sends the email and token of the link and shows the new password', async () => {
    vi.mocked(confirmReset).mockResolvedValue('NewPass12345');
    await renderPage(<ResetConfirmPage />, {
      path: '/user/reset',
      url: '/user/reset?email=a%40example.com&token=tok123',
    });
    await userEvent.click(screen.getByTestId('reset-confirm'));
    expect(await screen.findByTestId('reset-new-password')).toHaveValue('NewPass12345');
    expect(vi.mocked(confirmReset).mock.calls[0]?.[0]).toEqual({
      email: 'a@example.com',
      token: 'tok123',
    });
  });

  it('says the link is broken when a parameter is missing', async () => {
    await renderPage(<ResetConfirmPage />, { path: '/user/reset', url: '/user/reset?email=a' });
    expect(screen.getByText('重置链接不完整，请重新申请')).toBeInTheDocument();
    expect(screen.queryByTestId('reset-confirm')).not.toBeInTheDocument();
  });
});
