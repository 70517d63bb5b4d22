import { Message } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import {
  type MockReply,
  mockHttp,
  pickRowAction,
  renderPage,
} from '@switchyard/console-kit/testing';
import type { Channel } from '@switchyard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { ChannelsPage } from './channels-page';

const channel = (id: number, fields: Partial<Channel> = {}): Channel => ({
  id,
  name: `ch-${id}`,
  type: 1,
  status: 1,
  openai_organization: '',
  test_model: '',
  base_url: '',
  other: '',
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default',
  model_mapping: '',
  status_code_mapping: '',
  auto_ban: 1,
  priority: 0,
  weight: 0,
  max_input_tokens: 0,
  first_byte_timeout: 0,
  balance: 0,
  balance_updated_time: 0,
  balance_currency: 'USD',
  used_quota: 0,
  response_time: 0,
  test_time: 0,
  created_time: 0,
  other_info: '',
  responses_api: 'auto',
  ...fields,
});

const CHANNELS = [
  channel(1, { response_time: 0 }),
  channel(2, { response_time: 800, balance: 12.5 }),
  channel(3, { response_time: 2500, status: 2 }),
  channel(4, { response_time: 4000, balance: 88.88, balance_currency: 'CNY' }),
  channel(5, {
    response_time: 6000,
    status: 3,
    other_info: JSON.stringify({ status_reason: 'invalid api key', status_time: 1_790_000_000 }),
  }),
];

let http: ReturnType<typeof mockHttp>;
const ok = (data: unknown): MockReply => ({ body: { success: true, message: '', data } });

function answer(config: InternalAxiosRequestConfig): MockReply {
  if (config.url === '/api/group/') return ok(['default', 'vip']);
  if (config.url === '/api/channel/test/4') {
    return { body: { success: true, message: '', time: 1.234 } };
  }
  if (config.url === '/api/channel/copy/2') {
    return { body: { success: false, message: 'Channel not found' } };
  }
  if (config.url === '/api/channel/' || config.url === '/api/channel/search') {
    return ok({ items: CHANNELS, total: CHANNELS.length });
  }
  return { status: 404, body: { success: false, message: 'not found' } };
}

const openList = (url = '/channel') => renderPage(<ChannelsPage />, { path: '/channel', url });
const row = (id: number) => screen.getByTestId(`channel-row-${id}`);

describe('ChannelsPage', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    http = mockHttp(answer);
  });
  afterEach(() => http.restore());

  it('colours response times by the spec bands and greys rows that are not enabled', async () => {
    await openList();
    await screen.findByTestId('channel-row-5');
    const bands = [1, 2, 3, 4, 5].map((id) =>
      within(row(id)).getByTestId('channel-response-time').getAttribute('data-band'),
    );
    expect(bands).toEqual(['untested', 'green', 'lime', 'yellow', 'red']);
    expect(within(row(1)).getByTestId('channel-response-time')).toHaveTextContent('未测试');
    expect(within(row(2)).getByTestId('channel-response-time')).toHaveTextContent('0.80 秒');
    expect(row(1)).not.toHaveStyle({ opacity: '0.5' });
    expect(row(3)).toHaveStyle({ opacity: '0.5' });
    expect(row(5)).toHaveStyle({ opacity: '0.5' });
    expect(within(row(3)).getByText('已禁用')).toBeInTheDocument();
  });

  it('shows each balance in the currency the provider keeps it in', async () => {
    await openList();
    await screen.findByTestId('channel-row-4');
    expect(screen.getByTestId('channel-balance-2')).toHaveTextContent('$12.50');
    expect(screen.getByTestId('channel-balance-4')).toHaveTextContent('¥88.88');
  });

  it('shows why and when a channel was disabled automatically', async () => {
    await openList();
    fireEvent.mouseEnter(
      await within(await screen.findByTestId('channel-row-5')).findByText('自动禁用'),
    );
    const tip = await screen.findByTestId('channel-status-reason');
    expect(tip).toHaveTextContent('原因：invalid api key');
    expect(tip).toHaveTextContent(`时间：${formatTime(1_790_000_000)}`);
  });

  it('tests a channel with a model picked from its models and reports the time', async () => {
    await openList();
    const group = await screen.findByTestId('channel-test-4');
    const buttons = within(group.closest('.arco-btn-group') ?? group).getAllByRole('button');
    fireEvent.mouseEnter(buttons[1] as HTMLElement);
    fireEvent.click(buttons[1] as HTMLElement);
    fireEvent.click(
      await screen.findByText('gpt-4o-mini', { selector: '.arco-dropdown-menu-item' }),
    );
    expect(await screen.findByText('渠道 ch-4 测试成功，耗时 1.23 秒。')).toBeInTheDocument();
    const test = http.seen.find((config) => config.url === '/api/channel/test/4');
    expect(test?.params).toEqual({ model: 'gpt-4o-mini' });
  });

  it('a failed copy says so with the spec prefix, once', async () => {
    await openList();
    await screen.findByTestId('channel-row-2');
    await pickRowAction('channel-more-2', 'channel-copy-2');
    expect(await screen.findByText('渠道复制失败: Channel not found')).toBeInTheDocument();
    expect(screen.queryByText('Channel not found')).not.toBeInTheDocument();
  });

  it('bulk delete without a selection says so and sends nothing', async () => {
    await openList();
    await screen.findByTestId('channel-row-1');
    fireEvent.click(screen.getByTestId('channel-delete-selected'));
    expect(await screen.findByText('请先选择要删除的通道！')).toBeInTheDocument();
    expect(http.seen.some((config) => config.url === '/api/channel/batch')).toBe(false);
  });

  it('searches with the filters in the URL and remembers the id sort locally', async () => {
    await openList('/channel?keyword=abc&model=gpt');
    await screen.findByTestId('channel-row-1');
    const search = http.seen.find((config) => config.url === '/api/channel/search');
    expect(search?.params).toMatchObject({ keyword: 'abc', model: 'gpt', p: 0, page_size: 10 });

    fireEvent.click(screen.getByTestId('channel-id-sort'));
    await waitFor(() =>
      expect(http.seen.some((config) => config.params?.id_sort === true)).toBe(true),
    );
    expect(localStorage.getItem('id-sort')).toBe('true');
  });

  it('pages from the URL (p from 1) and asks the server for its page counted from 0', async () => {
    const { router } = await openList('/channel?p=3&size=20');
    await screen.findByTestId('channel-row-1');
    const list = http.seen.filter((config) => config.url === '/api/channel/');
    expect(list.at(-1)?.params).toMatchObject({ p: 2, page_size: 20 });
    fireEvent.change(screen.getByTestId('channel-search-keyword'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('channel-search-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=20&keyword=abc'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?p=3&size=20');
    expect(screen.getByTestId('channel-search-keyword')).toHaveValue('');
  });

  it('deletes a channel from its "⋯" menu only after the confirmation', async () => {
    await openList();
    await screen.findByTestId('channel-row-2');
    await pickRowAction('channel-more-2', 'channel-delete-2');
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('ch-2');
    expect(http.seen.some((config) => config.method === 'delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(http.seen.some((c) => c.method === 'delete' && c.url === '/api/channel/2')).toBe(true),
    );
  }, 20_000); // a menu, a dialog and a refetch: slower than 5 s on a busy machine
});
