import { Message } from '@arco-design/web-react';
import { loadSessionData, useOrgScope, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { OrgDetail, OrgView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orgsApi } from './organization.api';
import { OrganizationPage } from './organization-page';

vi.mock('./organization.api', () => ({
  orgsApi: {
    list: vi.fn(),
    self: vi.fn(),
    get: vi.fn(),
    log: vi.fn(),
    create: vi.fn(),
    fund: vi.fn(),
    invite: vi.fn(),
    updateMember: vi.fn(),
    removeMember: vi.fn(),
    invitations: vi.fn(),
    revokeInvitation: vi.fn(),
  },
  createOrgToken: vi.fn(),
}));

const org: OrgView = {
  id: 7,
  name: 'Acme',
  quota: 1_000_000,
  used_quota: 0,
  request_count: 0,
  created_at: 0,
  role: 'owner',
  member_count: 2,
};

const detail = (role: OrgView['role']): OrgDetail => ({
  ...org,
  role,
  members: [
    {
      user_id: 1,
      username: 'alice',
      display_name: 'alice',
      role: 'owner',
      quota_limit: 0,
      window_period: '',
      window_used: 0,
      used_quota: 0,
      request_count: 0,
      joined_at: 0,
    },
    {
      user_id: 2,
      username: 'bob',
      display_name: 'bob',
      role: 'member',
      quota_limit: 500_000,
      window_period: 'day',
      window_used: 250_000,
      used_quota: 250_000,
      request_count: 3,
      joined_at: 0,
    },
  ],
  invitations: [],
});

describe('OrganizationPage', () => {
  beforeEach(() => {
    Message.clear();
    useSessionStore.setState(loadSessionData());
    useOrgScope.getState().setOrgId(7);
    vi.mocked(orgsApi.self).mockResolvedValue([org]);
    vi.mocked(orgsApi.log).mockResolvedValue({ items: [], total: 0, page: 1, page_size: 10 });
    vi.mocked(orgsApi.updateMember).mockReset().mockResolvedValue(undefined);
    vi.mocked(orgsApi.invitations).mockReset().mockResolvedValue([]);
    vi.mocked(orgsApi.revokeInvitation).mockReset().mockResolvedValue(undefined);
  });

  it('lists pending invitations to an owner and revokes one after a confirm', async () => {
    vi.mocked(orgsApi.get).mockResolvedValue(detail('owner'));
    vi.mocked(orgsApi.invitations).mockResolvedValue([
      { id: 11, username: 'carol', role: 'admin', created_at: 0, expires_at: 1_763_000_000 },
    ]);
    await renderPage(<OrganizationPage />, { path: '/organization', url: '/organization' });
    const table = await screen.findByTestId('org-pending-invitations');
    await waitFor(() => expect(table).toHaveTextContent('carol'));
    expect(table).toHaveTextContent('管理员');
    // The popup's entry animation leaves pointer-events off for a moment in jsdom.
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await person.click(screen.getByTestId('org-revoke-carol'));
    expect(orgsApi.revokeInvitation).not.toHaveBeenCalled();
    expect(
      await screen.findByText('撤销对 carol 的邀请？其邀请链接将立即失效。'),
    ).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(orgsApi.revokeInvitation).toHaveBeenCalledWith({
        params: { id: 7, invitation_id: 11 },
      }),
    );
    expect(await screen.findByText('邀请已撤销')).toBeInTheDocument();
  });

  it('lets an owner set a member’s cap and sends it to the server', async () => {
    vi.mocked(orgsApi.get).mockResolvedValue(detail('owner'));
    await renderPage(<OrganizationPage />, { path: '/organization', url: '/organization' });
    expect(await screen.findByTestId('org-balance')).toHaveTextContent('$2.00');
    const cap =
      screen.getByTestId('org-cap-bob').querySelector('input') ?? screen.getByTestId('org-cap-bob');
    await userEvent.clear(cap);
    await userEvent.type(cap, '1000');
    await userEvent.click(screen.getByTestId('org-save-bob'));
    await waitFor(() =>
      expect(orgsApi.updateMember).toHaveBeenCalledWith({
        params: { id: 7, user_id: 2 },
        body: { role: 'member', quota_limit: 1000, window_period: 'day' },
      }),
    );
    expect(screen.getByTestId('org-invite')).toBeInTheDocument();
  });

  it('lists every org for a site admin', async () => {
    useSessionStore.getState().setUser({
      id: 9,
      username: 'admin',
      display_name: 'admin',
      role: 10,
      status: 1,
      group: 'default',
    });
    vi.mocked(orgsApi.get).mockResolvedValue(detail(null));
    vi.mocked(orgsApi.list).mockResolvedValue([{ ...org, id: 8, name: 'Other', role: null }]);
    await renderPage(<OrganizationPage />, { path: '/organization', url: '/organization' });
    expect(await screen.findByTestId('org-all')).toHaveTextContent('Other');
  });

  it('shows a member the caps as text, with no invitations or funding', async () => {
    vi.mocked(orgsApi.get).mockResolvedValue(detail('member'));
    await renderPage(<OrganizationPage />, { path: '/organization', url: '/organization' });
    expect(await screen.findByTestId('org-members')).toHaveTextContent('$1.00 / 每天');
    expect(screen.queryByTestId('org-cap-bob')).toBeNull();
    expect(screen.queryByTestId('org-invite')).toBeNull();
    expect(screen.queryByTestId('org-pending-invitations')).toBeNull();
    expect(orgsApi.invitations).not.toHaveBeenCalled();
    expect(screen.queryByTestId('org-fund')).toBeNull();
    expect(screen.getByTestId('org-key-create')).toBeInTheDocument();
  });
});
