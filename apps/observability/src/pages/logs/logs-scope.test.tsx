// The Logs page in the console's org scope (issue 32): an org's log for its owners and admins
// (with the member filter and the user column), my own org-paid calls for a plain member, and
// back to my own log when the scope goes back to personal.
import { useOrgScope } from '@switchyard/console-kit';
import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { type LogEntry, type OrgRole, Role } from '@switchyard/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { LogsPage } from './logs-page';

const line: LogEntry = {
  id: 1,
  user_id: 8,
  created_at: 1_763_000_000,
  type: 2,
  content: 'model ratio 1.00',
  username: 'bob',
  token_name: 'team',
  model_name: 'gpt-4o-mini',
  quota: 1000,
  prompt_tokens: 10,
  completion_tokens: 5,
  use_time: 1,
  is_stream: false,
  funding: 'org:5',
  other: '{}',
  channel: 0,
};

let restore: () => void;
let seen: { url?: string; params?: Record<string, unknown> }[];

function serve(role: OrgRole) {
  const mock = mockHttp((config) => {
    const ok = (data: unknown) => ({ body: { success: true, message: '', data } });
    if (config.url === '/api/org/self') {
      return ok([
        {
          id: 5,
          name: 'Acme',
          role,
          quota: 0,
          used_quota: 0,
          request_count: 0,
          created_at: 0,
          member_count: 2,
        },
      ]);
    }
    if (config.url === '/api/org/5') {
      return ok({
        members: [
          { user_id: 7, username: 'alice', role: 'owner' },
          { user_id: 8, username: 'bob', role: 'member' },
        ],
      });
    }
    return ok({ items: [line], total: 1, page: 1, page_size: 10 });
  });
  seen = mock.seen;
  restore = mock.restore;
}

afterEach(() => {
  restore();
  act(() => useOrgScope.getState().setOrgId(0));
});

const logCalls = () => seen.filter((call) => call.url?.includes('log'));

describe('LogsPage in an org scope', () => {
  it("lists the org's log for an owner, with every member, the user column and a member filter", async () => {
    useOrgScope.getState().setOrgId(5);
    serve('owner');
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    expect(await screen.findByTestId('logs-scope')).toHaveTextContent(
      'Organization: Acme (all members)',
    );
    const table = screen.getByTestId('logs-table');
    expect(await within(table).findByText('bob')).toBeInTheDocument();
    expect(within(table).getByText('User')).toBeInTheDocument();
    expect(logCalls().map((call) => call.url)).toEqual(['/api/org/5/log']);
    expect(logCalls()[0]?.params).not.toHaveProperty('funding');
    expect(await screen.findByTestId('log-filter-member')).toBeInTheDocument();
    expect(screen.queryByTestId('log-filter-funding')).not.toBeInTheDocument();
    expect(screen.getByTestId('log-export').getAttribute('href')).toMatch(
      /^\/api\/org\/5\/log\/export\?/,
    );
  });

  it('shows a plain member their own org-paid calls, without the member filter', async () => {
    useOrgScope.getState().setOrgId(5);
    serve('member');
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'zh' });
    expect(await screen.findByTestId('logs-scope')).toHaveTextContent('组织：Acme（仅我的调用）');
    await waitFor(() => expect(logCalls().map((call) => call.url)).toEqual(['/api/org/5/log']));
    expect(screen.queryByTestId('log-filter-member')).not.toBeInTheDocument();
    expect(seen.some((call) => call.url === '/api/org/5')).toBe(false);
  });

  it('reads my own log again, from its first page, once the scope is personal', async () => {
    useOrgScope.getState().setOrgId(5);
    serve('admin');
    await renderPage(<LogsPage />, {
      user: userWithRole(Role.common),
      language: 'en',
      path: '/log',
      url: '/log?p=3&user_id=8',
    });
    await waitFor(() => expect(logCalls().map((call) => call.url)).toContain('/api/org/5/log'));
    // A reload keeps the page and the member in the org's scope.
    expect(logCalls()[0]?.params).toMatchObject({ p: 3, user_id: 8 });
    act(() => useOrgScope.getState().setOrgId(0));
    expect(await screen.findByTestId('logs-scope')).toHaveTextContent('Personal');
    await waitFor(() => expect(logCalls().at(-1)?.params).toMatchObject({ p: 1 }));
    const own = logCalls().at(-1);
    expect(own?.url).toBe('/api/log/self');
    expect(own?.params).not.toHaveProperty('user_id');
    expect(screen.getByTestId('log-filter-funding')).toBeInTheDocument();
  });
});
