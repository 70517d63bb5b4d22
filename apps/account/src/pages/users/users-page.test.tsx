import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { openRowMenu, renderPage } from '@switchyard/console-kit/testing';
import type { AdminUser } from '@switchyard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selfUser } from '../../test/fixtures';
import { listGroups, listUsers, manageUser, resetPasskeys } from './users.api';
import { UsersPage } from './users-page';

vi.mock('./users.api', () => ({
  listUsers: vi.fn(),
  listGroups: vi.fn(),
  manageUser: vi.fn(),
  createUser: vi.fn(),
  resetPasskeys: vi.fn(),
}));

const user = (patch: Partial<AdminUser>): AdminUser => ({
  ...selfUser({ id: 1, quota: 1_000_000, aff_code: '' }),
  deleted_at: null,
  created_at: 0,
  ...patch,
});

describe('UsersPage', () => {
  beforeEach(() => {
    Message.clear();
    useSessionStore.setState(loadSessionData());
    vi.mocked(listGroups).mockResolvedValue(['default', 'vip']);
    vi.mocked(listUsers).mockResolvedValue({
      items: [
        user({}),
        user({ id: 2, username: 'odd', role: 5, status: 7 }),
        user({ id: 3, username: 'gone', deleted_at: 1 }),
        user({ id: 4, username: 'boss', role: 100 }),
      ],
      total: 4,
      page: 1,
      page_size: 10,
    });
    vi.mocked(manageUser).mockReset().mockResolvedValue({ role: 1, status: 2 });
    vi.mocked(listUsers).mockClear();
  });

  // Toasts and dialogs close on timers: their exit transitions must end while this file's DOM
  // still exists, or React's update lands after the environment is gone (an unhandled error).
  afterAll(async () => {
    Message.clear();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  });

  it('shows role and status labels, unknown values as unknown, and tags a cancelled user', async () => {
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    expect(await screen.findByTestId('user-name-odd')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const row = (name: string) => rows.find((r) => within(r).queryByTestId(`user-name-${name}`));
    expect(within(row('odd') as HTMLElement).getByText('未知身份')).toBeInTheDocument();
    expect(within(row('odd') as HTMLElement).getByText('未知状态')).toBeInTheDocument();
    expect(within(row('boss') as HTMLElement).getByText('超级管理员')).toBeInTheDocument();
    expect(screen.getByTestId('user-status-gone')).toHaveTextContent('已注销');
    expect(screen.getByTestId('user-edit-gone')).toBeDisabled();
    expect(await openRowMenu('user-more-gone', 'user-delete-gone')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByTestId('user-quota-alice')).toHaveTextContent('$2.00');
  });

  it('disables a user through the manage call and says so', async () => {
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    await userEvent.click(await screen.findByTestId('user-disable-alice'));
    await waitFor(() => expect(manageUser).toHaveBeenCalledWith('alice', 'disable'));
    expect(await screen.findByText('操作成功完成！')).toBeInTheDocument();
  });

  it('resets a user’s second factor after asking', async () => {
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    await screen.findByTestId('user-name-alice');
    expect(await openRowMenu('user-more-alice', 'user-reset-2fa-alice')).toBeInTheDocument();
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await person.click(screen.getByTestId('user-reset-2fa-alice'));
    expect(await screen.findByText(/确定要重置用户 alice 的两步验证吗/)).toBeInTheDocument();
    expect(manageUser).not.toHaveBeenCalled();
    const ok = screen.getAllByRole('button', { name: '重置两步验证' });
    await person.click(ok[ok.length - 1] as HTMLElement);
    await waitFor(() => expect(manageUser).toHaveBeenCalledWith('alice', 'reset_2fa'));
  });

  it('deletes a user’s passkeys after asking, and says how many', async () => {
    vi.mocked(resetPasskeys).mockResolvedValue(2);
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    await screen.findByTestId('user-name-alice');
    expect(await openRowMenu('user-more-alice', 'user-reset-passkeys-alice')).toBeInTheDocument();
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await person.click(screen.getByTestId('user-reset-passkeys-alice'));
    expect(await screen.findByText(/确定要删除用户 alice 的全部通行密钥吗/)).toBeInTheDocument();
    expect(resetPasskeys).not.toHaveBeenCalled();
    const ok = screen.getAllByRole('button', { name: '删除通行密钥' });
    await person.click(ok[ok.length - 1] as HTMLElement);
    await waitFor(() => expect(resetPasskeys).toHaveBeenCalledWith(1));
    expect(await screen.findByText('已删除 2 个通行密钥')).toBeInTheDocument();
    // The dialog's closing animation ends inside the test, not after the file's DOM is gone.
    await waitFor(() =>
      expect(screen.queryByText(/确定要删除用户 alice 的全部通行密钥吗/)).not.toBeInTheDocument(),
    );
  });

  it('offers promote and demote to root only', async () => {
    const view = await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    await screen.findByTestId('user-name-alice');
    expect(screen.queryByTestId('user-promote-alice')).not.toBeInTheDocument();
    view.unmount();
    useSessionStore.setState({
      user: {
        id: 1,
        username: 'root',
        display_name: 'Root',
        role: 100,
        status: 1,
        group: 'default',
      },
    });
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    await screen.findByTestId('user-name-alice');
    // The super admin's own row offers nothing the server would refuse: no menu at all.
    expect(screen.queryByTestId('user-more-boss')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-disable-boss')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-edit-boss')).toBeInTheDocument();
    expect(await openRowMenu('user-more-alice', 'user-demote-alice')).toBeInTheDocument();
    // Promoting asks first.
    // The popup animates in with pointer-events off; a person waits, the test skips the check.
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await person.click(screen.getByTestId('user-promote-alice'));
    expect(await screen.findByText('确定要将 alice 提升为管理员吗？')).toBeInTheDocument();
    expect(manageUser).not.toHaveBeenCalled();
    const ok = screen.getAllByRole('button', { name: '提升' });
    await person.click(ok[ok.length - 1] as HTMLElement);
    await waitFor(() => expect(manageUser).toHaveBeenCalledWith('alice', 'promote'));
  });

  it('labels the account deletion as such and confirms it with clear buttons', async () => {
    await renderPage(<UsersPage />, { path: '/user', url: '/user' });
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByTestId('user-name-alice');
    const remove = await openRowMenu('user-more-alice', 'user-delete-alice');
    expect(remove).toHaveTextContent('删除账户');
    await person.click(remove);
    const question = await screen.findByText(/确定要删除用户 alice 的账户吗/);
    // Confirmations are imperative dialogs: one an earlier test closed may still be fading out.
    const dialog = question.closest('.arco-modal') as HTMLElement;
    expect(within(dialog).getByRole('button', { name: '保留' })).toBeInTheDocument();
    expect(manageUser).not.toHaveBeenCalled();
    await person.click(within(dialog).getByRole('button', { name: '删除账户' }));
    await waitFor(() => expect(manageUser).toHaveBeenCalledWith('alice', 'delete'));
  });

  it('reads the page and search from the URL', async () => {
    await renderPage(<UsersPage />, { path: '/user', url: '/user?p=2&keyword=ali&group=vip' });
    await waitFor(() =>
      expect(listUsers).toHaveBeenCalledWith({
        page: 2,
        pageSize: 10,
        keyword: 'ali',
        group: 'vip',
      }),
    );
  });
});
