// The Dashboard in the console's org scope (issue 32) and its per-token cache-hit panel (issue
// 28): an org's usage from /api/org/:id/data and its cache hits from /api/org/:id/data/
// token_cache with the scope named, the cache panel's empty state, and back to my own data once
// the scope is personal.
import { useOrgScope } from '@switchyard/console-kit';
import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { type OrgRole, Role, type TokenCacheBucket, type UsageBucket } from '@switchyard/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { DashboardPage } from './dashboard-page';

vi.mock('./usage-charts', () => ({
  UsageCharts: (props: { calls: unknown[] }) => (
    <output data-testid="charts">{JSON.stringify(props.calls)}</output>
  ),
}));
vi.mock('./cache-hit-chart', () => ({
  CacheHitChart: (props: { points: unknown[] }) => (
    <output data-testid="cache-points">{JSON.stringify(props.points)}</output>
  ),
}));

const hour = 1_763_000_000 - (1_763_000_000 % 3600);
const bucket: UsageBucket = {
  model_name: 'gpt-4o-mini',
  username: 'bob',
  created_at: hour,
  count: 2,
  quota: 1000,
  token_used: 30,
};
const cacheRow: TokenCacheBucket = {
  token_id: 3,
  token_name: 'agent',
  username: 'alice',
  created_at: hour,
  prompt_tokens: 1000,
  cached_tokens: 400,
};

let restore: () => void;
let seen: { url?: string }[];

function serve(cache: TokenCacheBucket[] = [], role: OrgRole = 'owner') {
  const mock = mockHttp((config) => {
    const ok = (data: unknown, extra = {}) => ({
      body: { success: true, message: '', data, ...extra },
    });
    if (config.url === '/api/org/self') {
      return ok([{ id: 5, name: 'Acme', role, member_count: 2 }]);
    }
    if (config.url?.includes('token_cache')) return ok(cache);
    return ok([bucket], { folded_at: hour });
  });
  seen = mock.seen;
  restore = mock.restore;
}

afterEach(() => {
  restore();
  act(() => useOrgScope.getState().setOrgId(0));
});

describe('DashboardPage in an org scope', () => {
  it("reads the org's usage and its tokens' cache hits, and names the scope", async () => {
    useOrgScope.getState().setOrgId(5);
    serve([cacheRow]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.admin), language: 'en' });
    expect(await screen.findByTestId('dashboard-scope')).toHaveTextContent(
      'Organization: Acme (all members)',
    );
    expect(await screen.findByTestId('charts')).toHaveTextContent('gpt-4o-mini');
    expect(seen.map((call) => call.url)).toContain('/api/org/5/data');
    expect(seen.some((call) => call.url?.startsWith('/api/data'))).toBe(false);
    // A site admin in an org scope gets the org's view, not the every-user username filter.
    expect(screen.queryByTestId('dashboard-username')).not.toBeInTheDocument();
    expect(screen.getByTestId('dashboard-folded-at')).toHaveTextContent(
      'Organization data is read straight from the logs',
    );
    // The cache-hit chart is the org's too: every member's org tokens, each named with its owner.
    const points = JSON.parse((await screen.findByTestId('cache-points')).textContent ?? '[]');
    expect(points).toEqual([{ time: expect.any(String), token: 'agent (alice)', rate: 40 }]);
    expect(seen.map((call) => call.url)).toContain('/api/org/5/data/token_cache');
  });

  it("gives a plain member the org route's lines (their own), without owner names", async () => {
    useOrgScope.getState().setOrgId(5);
    serve([cacheRow], 'member');
    await renderPage(<DashboardPage />, { user: userWithRole(Role.common), language: 'en' });
    const points = JSON.parse((await screen.findByTestId('cache-points')).textContent ?? '[]');
    expect(points).toEqual([{ time: expect.any(String), token: 'agent', rate: 40 }]);
    const urls = seen.map((call) => call.url);
    expect(urls).toContain('/api/org/5/data/token_cache');
    expect(urls.some((url) => url?.startsWith('/api/data'))).toBe(false);
  });

  it('goes back to my own data and cache panel once the scope is personal', async () => {
    useOrgScope.getState().setOrgId(5);
    serve([cacheRow]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.common), language: 'zh' });
    await waitFor(() => expect(seen.map((call) => call.url)).toContain('/api/org/5/data'));
    act(() => useOrgScope.getState().setOrgId(0));
    expect(await screen.findByTestId('dashboard-scope')).toHaveTextContent('个人');
    await waitFor(() => expect(seen.map((call) => call.url)).toContain('/api/data/self'));
    const points = JSON.parse((await screen.findByTestId('cache-points')).textContent ?? '[]');
    expect(points).toEqual([{ time: expect.any(String), token: 'agent', rate: 40 }]);
    expect(seen.map((call) => call.url)).toContain('/api/data/token_cache/self');
  });
});

describe('the cache-hit panel', () => {
  it('shows its empty state, no made-up line, when no token was called', async () => {
    serve([]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.admin), language: 'en' });
    expect(await screen.findByTestId('dashboard-cache-empty')).toHaveTextContent(
      'No token calls in the selected time range',
    );
    expect(screen.queryByTestId('cache-points')).not.toBeInTheDocument();
    expect(seen.map((call) => call.url)).toContain('/api/data/token_cache');
  });
});
