import { ApiError } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import { screen } from '@testing-library/react';
import { getUser, listGroups } from '../users/users.api';
import { UserEditPage } from './user-edit-page';

vi.mock('../users/users.api', () => ({
  getUser: vi.fn(),
  listGroups: vi.fn(),
  updateUser: vi.fn(),
}));

describe('UserEditPage', () => {
  it('says the user does not exist for an unknown id instead of a blank page', async () => {
    vi.mocked(listGroups).mockResolvedValue(['default']);
    vi.mocked(getUser).mockRejectedValue(
      new ApiError('用户不存在', { kind: 'refused', status: 200 }),
    );
    await renderPage(<UserEditPage />, { path: '/user/edit/:id', url: '/user/edit/9999' });
    expect(await screen.findByTestId('user-edit-not-found')).toHaveTextContent('该用户不存在。');
    expect(screen.getByRole('button', { name: '返回用户列表' })).toBeInTheDocument();
    expect(getUser).toHaveBeenCalledWith(9999);
  });
});
