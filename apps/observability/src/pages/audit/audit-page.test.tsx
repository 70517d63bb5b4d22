import { renderPage } from '@switchyard/console-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAudit } from './audit.api';
import { summaryText } from './audit-columns';
import { AuditPage } from './audit-page';

vi.mock('./audit.api', async (original) => ({
  ...(await original<typeof import('./audit.api')>()),
  fetchAudit: vi.fn(),
}));

const entry = {
  id: 1,
  actor_id: 7,
  actor_name: 'alice',
  action: 'option.update',
  target_type: 'option',
  target_id: 'Notice',
  summary: JSON.stringify({ key: 'Notice', old: 'hi', new: 'bye' }),
  ip: '10.0.0.9',
  created_at: 1_800_000_000,
};

describe('AuditPage', () => {
  it('lists entries, searches by the filters in the URL and exports the same filters', async () => {
    vi.mocked(fetchAudit).mockResolvedValue({ items: [entry], total: 1, page: 1, page_size: 10 });
    await renderPage(<AuditPage />, { path: '/audit', url: '/audit', language: 'zh' });
    expect(await screen.findByText('审计日志')).toBeInTheDocument();
    expect(await screen.findByText('key: Notice; old: hi; new: bye')).toBeInTheDocument();
    expect(screen.getByText('option #Notice')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('audit-filter-actor'), 'alice');
    await userEvent.click(screen.getByTestId('audit-search'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('actor=alice'));
    expect(vi.mocked(fetchAudit).mock.lastCall?.[0]).toMatchObject({ actor: 'alice' });
    expect(screen.getByTestId('audit-export').getAttribute('href')).toBe(
      '/api/audit/export?actor=alice',
    );
  });

  it("shows an org owner's actions in words, in English and in Chinese", async () => {
    const orgEntry = {
      ...entry,
      id: 2,
      action: 'org.member.update',
      target_type: 'org',
      target_id: '5',
      summary: JSON.stringify({ user_id: 9, role: 'admin', quota_limit: 500, window_period: '' }),
    };
    vi.mocked(fetchAudit).mockResolvedValue({
      items: [orgEntry],
      total: 1,
      page: 1,
      page_size: 10,
    });
    const en = await renderPage(<AuditPage />, { path: '/audit', url: '/audit', language: 'en' });
    expect(await screen.findByText('Changed a member’s role or cap')).toBeInTheDocument();
    expect(screen.getByText('Organization #5')).toBeInTheDocument();
    expect(
      screen.getByText('User ID: 9; Role: Admin; Cap: 500; Cap period: No reset'),
    ).toBeInTheDocument();
    en.unmount();
    await renderPage(<AuditPage />, { path: '/audit', url: '/audit', language: 'zh' });
    expect(await screen.findByText('修改成员角色或额度上限')).toBeInTheDocument();
    expect(screen.getByText('组织 #5')).toBeInTheDocument();
    expect(
      screen.getByText('用户 ID: 9; 角色: 管理员; 额度上限: 500; 上限周期: 不重置'),
    ).toBeInTheDocument();
  });

  it('shows a summary that is not JSON as it is', () => {
    expect(summaryText('plain')).toBe('plain');
  });
});
