import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { type LogEntry, Role } from '@switchyard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogsPage } from './logs-page';

const log: LogEntry = {
  id: 1,
  user_id: 7,
  created_at: 1_763_000_000,
  type: 2,
  content: 'model ratio 1.00',
  username: 'alice',
  token_name: 'work',
  model_name: 'gpt-4o',
  quota: 250_000,
  prompt_tokens: 120,
  completion_tokens: 30,
  use_time: 4,
  is_stream: true,
  funding: 'wallet',
  other: JSON.stringify({ frt: 1200, model_ratio: 2.5, admin_info: { use_channel: ['3', '7'] } }),
  channel: 7,
};

let restore: () => void;
let seen: { url?: string; params?: Record<string, unknown> }[];

function serve(items: LogEntry[] = [log]) {
  const mock = mockHttp((config) => {
    if (config.url?.endsWith('/stat'))
      return { body: { success: true, message: '', data: { quota: 750_000, rpm: 3, tpm: 450 } } };
    return {
      body: {
        success: true,
        message: '',
        data: { items, total: 31, page: 1, page_size: 10 },
      },
    };
  });
  seen = mock.seen;
  restore = mock.restore;
}

afterEach(() => restore());

describe('LogsPage', () => {
  it('shows an ordinary user their logs from /api/log/self with the cost and latency', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    const table = await screen.findByTestId('logs-table');
    expect(await within(table).findByText('gpt-4o')).toBeInTheDocument();
    expect(within(table).getByText('$0.50')).toBeInTheDocument();
    expect(within(table).getByText('4 s')).toBeInTheDocument();
    expect(within(table).getByText('First token 1.2 s')).toBeInTheDocument();
    expect(within(table).queryByText('Channel')).not.toBeInTheDocument();
    expect(screen.getByText('31 in total')).toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/log/self');
    expect(seen[0]?.params).toMatchObject({ p: 1, page_size: 10, type: 0 });
  });

  it('shows a sub-cent cost by its first two significant digits with the exact amount beside it', async () => {
    serve([{ ...log, quota: 1234 }]);
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    const cost = await screen.findByTestId('log-quota-1');
    expect(cost).toHaveTextContent('$0.0025');
    expect(cost.querySelector('[data-exact]')).toHaveTextContent('(1234 quota = $0.002468)');
    // The details open under the row from its labelled button.
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByTestId('logs-table')).toHaveTextContent('Cost 1234 quota = $0.002468');
  });

  it('puts the cost right after the model and keeps the details out of the row', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.admin), language: 'en' });
    const table = await screen.findByTestId('logs-table');
    await within(table).findByText('gpt-4o');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers[headers.indexOf('Model') + 1]).toBe('Cost');
    // Only the expand column (first) is named Details: no wide details column in the row.
    expect(headers.lastIndexOf('Details')).toBe(0);
    const open = within(table).getByRole('button', { name: 'Show details' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(within(table).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('reveals the total consumption only when asked', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    await screen.findByText('gpt-4o');
    expect(seen.some((request) => request.url?.endsWith('/stat'))).toBe(false);
    await userEvent.click(screen.getByTestId('log-show-total'));
    expect(await screen.findByTestId('log-total-quota')).toHaveTextContent('$1.50');
    expect(seen.find((request) => request.url === '/api/log/self/stat')).toBeDefined();
  });

  it('gives admins the channel, user and retry columns from /api/log/', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.admin), language: 'en' });
    const table = await screen.findByTestId('logs-table');
    expect(await within(table).findByText('Channels: 3 → 7')).toBeInTheDocument();
    expect(within(table).getByText('Retries')).toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/log/');
    expect(screen.getByTestId('log-filter-username')).toBeInTheDocument();
  });

  it('shows a user’s summary when an admin opens it from the user column, asked for only then', async () => {
    const mock = mockHttp((config) => {
      if (config.url === '/api/user/7') {
        const data = {
          username: 'alice',
          quota: 1_000_000,
          used_quota: 250_000,
          request_count: 12,
        };
        return { body: { success: true, message: '', data } };
      }
      return {
        body: {
          success: true,
          message: '',
          data: { items: [log], total: 1, page: 1, page_size: 10 },
        },
      };
    });
    seen = mock.seen;
    restore = mock.restore;
    await renderPage(<LogsPage />, { user: userWithRole(Role.admin), language: 'en' });
    const table = await screen.findByTestId('logs-table');
    expect(screen.queryByText('User information')).not.toBeInTheDocument();
    expect(seen.some((request) => request.url === '/api/user/7')).toBe(false);
    await userEvent.click(await within(table).findByText('alice'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('12')).toBeInTheDocument();
    expect(within(dialog).getByText('alice')).toBeInTheDocument();
    expect(seen.some((request) => request.url === '/api/user/7')).toBe(true);
  });

  it('searches with the typed filters', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    await screen.findByText('gpt-4o');
    await userEvent.type(screen.getByTestId('log-filter-model_name'), 'gpt-4o-mini');
    await userEvent.click(screen.getByTestId('log-search'));
    await waitFor(() =>
      expect(seen.at(-1)?.params).toMatchObject({ model_name: 'gpt-4o-mini', p: 1 }),
    );
  });

  it('explains a bill with cached input, cache writes and reasoning in the log detail', async () => {
    const other = {
      model_price: -1,
      model_ratio: 1.5,
      completion_ratio: 5,
      group_ratio: 1,
      cached_tokens: 1200,
      cache_ratio: 0.1,
      cache_write_tokens: 300,
      cache_write_1h_tokens: 300,
      cache_creation_1h_ratio: 2,
      cache_hit_ratio: 0.4,
      reasoning_tokens: 64,
    };
    serve([{ ...log, other: JSON.stringify(other) }]);
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    const table = await screen.findByTestId('logs-table');
    await userEvent.click(await within(table).findByRole('button', { name: 'Show details' }));
    await userEvent.click(await within(table).findByText(/^Cost /));
    const detail = await screen.findByRole('dialog');
    expect(detail).toHaveTextContent('Cache read 1200 tokens × ratio 0.1');
    expect(detail).toHaveTextContent('Cache write (1 hour) 300 tokens × ratio 2');
    expect(detail).toHaveTextContent('Reasoning 64 tokens (billed as completion)');
    expect(detail).toHaveTextContent('Prompt cache hit 40% of the prompt tokens');
    expect(detail).not.toHaveTextContent('5 minutes');
  });

  it('downloads the CSV export of the filters on screen', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.common), language: 'en' });
    await screen.findByText('gpt-4o');
    await userEvent.type(screen.getByTestId('log-filter-token_name'), 'work');
    await userEvent.click(screen.getByTestId('log-search'));
    const link = screen.getByTestId('log-export');
    await waitFor(() => expect(link.getAttribute('href')).toContain('token_name=work'));
    const url = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(url.pathname).toBe('/api/log/self/export');
    expect(Number(url.searchParams.get('end_timestamp'))).toBeGreaterThan(
      Number(url.searchParams.get('start_timestamp')),
    );
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent('Export CSV');
  });

  it('exports everyone’s logs for admins', async () => {
    serve();
    await renderPage(<LogsPage />, { user: userWithRole(Role.admin), language: 'en' });
    await screen.findByText('Channels: 3 → 7');
    expect(screen.getByTestId('log-export').getAttribute('href')).toMatch(/^\/api\/log\/export\?/);
  });
});
