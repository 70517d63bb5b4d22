import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import type { AdminUser } from '@switchyard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selfUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { listGroups, listUsers, manageUser } from './users.api';
import { UsersPage } from './users-page';

vi.mock('./users.api', () => ({
  listUsers: vi.fn(),
  listGroups: vi.fn(),
  manageUser: vi.fn(),
  createUser: vi.fn(),
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

  it('shows role and status labels, unknown values as unknown, and tags a cancelled user', async () => {
    await renderPage('/user', <UsersPage />, { url: '/user' });
    expect(await screen.findByTestId('user-name-odd')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const row = (name: string) => rows.find((r) => within(r).queryByTestId(`user-name-${name}`));
    expect(within(row('odd') as HTMLElement).getByText('未知身份')).toBeInTheDocument();
    expect(within(row('odd') as HTMLElement).getByText('未知状态')).toBeInTheDocument();
    expect(within(row('boss') as HTMLElement).getByText('超级管理员')).toBeInTheDocument();
    expect(screen.getByTestId('user-status-gone')).toHaveTextContent('已注销');
    expect(screen.getByTestId('user-edit-gone')).toBeDisabled();
    expect(screen.getByTestId('user-delete-gone')).toBeDisabled();
    expect(screen.getByTestId('user-quota-alice')).toHaveTextContent('$2.00');
  });

  it('disables a user through the manage call and says so', async () => {
    await renderPage('/user', <UsersPage />, { url: '/user' });
    await userEvent.click(await screen.findByTestId('user-disable-alice'));
    await waitFor(() => expect(manageUser).toHaveBeenCalledWith('alice', 'disable'));
    expect(await screen.findByText('操作成功完成！')).toBeInTheDocument();
  });

  it('offers promote and demote to root only', async () => {
    const view = await renderPage('/user', <UsersPage />, { url: '/user' });
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
    await renderPage('/user', <UsersPage />, { url: '/user' });
    expect(await screen.findByTestId('user-promote-alice')).toBeInTheDocument();
    expect(screen.getByTestId('user-demote-alice')).toBeInTheDocument();
  });

  it('asks for confirmation before cancelling', async () => {
    await renderPage('/user', <UsersPage />, { url: '/user' });
    await userEvent.click(await screen.findByTestId('user-delete-alice'));
    expect(await screen.findByText(/确定要注销用户 alice 吗/)).toBeInTheDocument();
    expect(manageUser).not.toHaveBeenCalled();
  });

  it('reads the page and search from the URL', async () => {
    await renderPage('/user', <UsersPage />, { url: '/user?page=2&keyword=ali&group=vip' });
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
