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

  it('shows a summary that is not JSON as it is', () => {
    expect(summaryText('plain')).toBe('plain');
  });
});
