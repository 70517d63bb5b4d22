import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { Role, type StatusModelRow, type StatusModelsReply } from '@switchyard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusPage } from './status-page';

// VChart draws on a canvas jsdom does not have; the page hands it the points under test.
vi.mock('./latency-chart', () => ({
  LatencyChart: (props: { points: unknown[] }) => (
    <output data-testid="status-latency-chart">{JSON.stringify(props.points)}</output>
  ),
}));

const buckets = (rates: (number | null)[]) =>
  rates.map((rate, index) => ({
    start: 1_763_000_000 + index * 900,
    requests: rate === null ? 0 : 10,
    success_rate: rate,
  }));

const model = (name: string, extra: Partial<StatusModelRow> = {}): StatusModelRow => ({
  model_name: name,
  requests: 1234,
  success_rate: 0.9876,
  p50_ms: 640,
  ttft_p50_ms: 210,
  buckets: buckets([1, 0.95, 0.5, null]),
  ...extra,
});

let restore: () => void;
let seen: { url?: string; params?: Record<string, unknown> }[];

function serve(reply: (window: string) => StatusModelsReply | { success: false; message: string }) {
  const mock = mockHttp((config) => {
    const body = reply(String(config.params?.window));
    return { body: 'success' in body ? body : { success: true, message: '', data: body } };
  });
  seen = mock.seen;
  restore = mock.restore;
}

const replyOf = (models: StatusModelRow[], window = '24h'): StatusModelsReply => ({
  window: window as StatusModelsReply['window'],
  interval_seconds: 900,
  generated_at: 1_763_003_600,
  models,
});

afterEach(() => restore());

describe('StatusPage', () => {
  it('draws each model’s figures and uptime bar and the latency chart', async () => {
    serve((window) => replyOf([model('gpt-4o'), model('claude', { ttft_p50_ms: null })], window));
    await renderPage(<StatusPage />, { user: userWithRole(Role.common), language: 'en' });
    const figures = await screen.findByTestId('status-figures-gpt-4o');
    expect(figures).toHaveTextContent('1,234');
    expect(figures).toHaveTextContent('98.76%');
    expect(figures).toHaveTextContent('640 ms');
    expect(figures).toHaveTextContent('210 ms');
    const bar = screen.getByTestId('status-uptime-gpt-4o');
    expect([...bar.children].map((cell) => cell.getAttribute('data-health'))).toEqual([
      'good',
      'degraded',
      'bad',
      'idle',
    ]);
    expect(bar.children[2]).toHaveAttribute('title', expect.stringContaining('50.00% successful'));
    const points = JSON.parse(
      (await screen.findByTestId('status-latency-chart')).textContent ?? '[]',
    );
    expect(points).toEqual([
      { model: 'gpt-4o', kind: 'Median latency', ms: 640 },
      { model: 'gpt-4o', kind: 'Median time to first token', ms: 210 },
      { model: 'claude', kind: 'Median latency', ms: 640 },
    ]);
    expect(screen.queryByTestId(/status-channel-/)).not.toBeInTheDocument();
    expect(seen[0]).toMatchObject({ url: '/api/status/models', params: { window: '24h' } });
  });

  it('switches the window', async () => {
    serve((window) => replyOf([model(`model-${window}`)], window));
    await renderPage(<StatusPage />, { user: userWithRole(Role.common), language: 'en' });
    await screen.findByTestId('status-model-model-24h');
    await userEvent.click(within(screen.getByTestId('status-window')).getByText('7 days'));
    expect(await screen.findByTestId('status-model-model-7d')).toBeInTheDocument();
    await waitFor(() => expect(seen.at(-1)?.params).toEqual({ window: '7d' }));
  });

  it('shows admins each channel’s row', async () => {
    const channel = { ...model('x'), channel_id: 3, channel_name: 'azure-east' };
    serve(() => replyOf([model('gpt-4o', { channels: [channel] })]));
    await renderPage(<StatusPage />, { user: userWithRole(Role.admin), language: 'en' });
    const row = await screen.findByTestId('status-channel-gpt-4o-3');
    expect(row).toHaveTextContent('Channel #3 azure-east');
    expect(screen.getByTestId('status-uptime-gpt-4o-3').children).toHaveLength(4);
  });

  it('says so when the page is turned off', async () => {
    serve(() => ({ success: false, message: 'The status page is turned off' }));
    await renderPage(<StatusPage />, { user: userWithRole(Role.common), language: 'en' });
    expect(await screen.findByTestId('status-error')).toHaveTextContent(
      'The status page is turned off',
    );
  });
});
