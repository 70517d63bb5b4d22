import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { Role, type UsageBucket } from '@switchyard/contracts';
import { screen } from '@testing-library/react';
import { DashboardPage } from './dashboard-page';

// VChart draws on a canvas jsdom does not have; the page's own logic is what is under test here.
vi.mock('./usage-charts', () => ({
  UsageCharts: (props: { quota: unknown[]; calls: unknown[] }) => (
    <output data-testid="charts">{JSON.stringify(props)}</output>
  ),
}));

const bucket = (model: string, hour: number, quota: number, count: number): UsageBucket => ({
  model_name: model,
  username: 'alice',
  created_at: 1_763_000_000 - (1_763_000_000 % 3600) + hour * 3600,
  count,
  quota,
  token_used: count * 100,
});

let restore: () => void;
let seen: { url?: string; params?: Record<string, unknown> }[];

function serve(data: UsageBucket[], folded_at = 0) {
  const mock = mockHttp((config) =>
    config.url?.includes('token_cache')
      ? { body: { success: true, message: '', data: [] } }
      : { body: { success: true, message: '', data, folded_at } },
  );
  seen = mock.seen;
  restore = mock.restore;
}

/** The usage data calls (the cache-hit panel makes its own). */
const dataCalls = () => seen.filter((call) => !call.url?.includes('token_cache'));

afterEach(() => restore());

describe('DashboardPage', () => {
  it('shows the caller’s totals and hands per-model series to the charts', async () => {
    serve([bucket('gpt-4o', 0, 500_000, 3), bucket('claude', 1, 250_000, 1)]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.common), language: 'en' });
    const charts = JSON.parse((await screen.findByTestId('charts')).textContent ?? '{}');
    expect(charts.calls).toEqual([
      { model: 'gpt-4o', count: 3 },
      { model: 'claude', count: 1 },
    ]);
    expect(charts.quota.map((p: { value: number }) => p.value)).toEqual([1, 0.5]);
    const totals = screen.getByTestId('dashboard-totals');
    expect(totals).toHaveTextContent('$1.50');
    expect(totals).toHaveTextContent('400');
    expect(dataCalls()[0]?.url).toBe('/api/data/self');
    const params = dataCalls()[0]?.params ?? {};
    expect(Number(params.end_timestamp) - Number(params.start_timestamp)).toBe(25 * 3600);
  });

  it('says so when the range has no data, and admins query /api/data/', async () => {
    serve([]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.admin), language: 'en' });
    expect(await screen.findByText('No data in the selected time range')).toBeInTheDocument();
    expect(dataCalls()[0]?.url).toBe('/api/data/');
    expect(screen.getByTestId('dashboard-username')).toBeInTheDocument();
  });

  it('says when its data was last folded in, from the reply, and colours each model once', async () => {
    const foldedAt = new Date(2026, 10, 24, 8, 15, 0).getTime() / 1000;
    serve(
      [bucket('gpt-4o', 0, 500_000, 3), bucket('claude', 1, 250_000, 1), bucket('gpt-4o', 1, 1, 1)],
      foldedAt,
    );
    await renderPage(<DashboardPage />, { user: userWithRole(Role.common), language: 'en' });
    expect(await screen.findByTestId('dashboard-folded-at')).toHaveTextContent(
      'Data last folded in at 2026-11-24 08:15:00',
    );
    const charts = JSON.parse((await screen.findByTestId('charts')).textContent ?? '{}');
    expect(charts.colors.domain).toEqual(['claude', 'gpt-4o']);
    expect(new Set(charts.colors.range).size).toBe(2);
  });

  it('says when nothing has been folded in yet', async () => {
    serve([]);
    await renderPage(<DashboardPage />, { user: userWithRole(Role.common), language: 'en' });
    expect(await screen.findByTestId('dashboard-folded-at')).toHaveTextContent(
      'No data has been folded in yet',
    );
  });
});
