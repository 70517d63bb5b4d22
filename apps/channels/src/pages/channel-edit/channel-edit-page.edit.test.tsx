import { Message } from '@arco-design/web-react';
import { type MockReply, mockHttp, renderPage } from '@switchyard/console-kit/testing';
import type { Channel } from '@switchyard/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { ChannelEditPage } from './channel-edit-page';

const STORED: Channel = {
  id: 7,
  name: 'stored',
  type: 1,
  status: 1,
  openai_organization: 'org-1',
  test_model: 'gpt-4o-mini',
  base_url: 'http://127.0.0.1:9',
  other: '',
  models: 'gpt-4o,my-model',
  group: 'default,vip',
  model_mapping: '',
  status_code_mapping: '{"400":"500"}',
  auto_ban: 0,
  priority: 3,
  weight: 2,
  max_input_tokens: 0,
  first_byte_timeout: 0,
  balance: 0,
  balance_updated_time: 0,
  balance_currency: 'USD',
  used_quota: 0,
  response_time: 0,
  test_time: 0,
  created_time: 0,
  other_info: '{"responses_api":"translate"}',
  responses_api: 'translate',
};

let http: ReturnType<typeof mockHttp>;
const updates: unknown[] = [];
const fetchRequests: unknown[] = [];
const ok = (data: unknown): MockReply => ({ body: { success: true, message: '', data } });

function answer(config: InternalAxiosRequestConfig): MockReply {
  if (config.url === '/api/group/') return ok(['default', 'vip']);
  if (config.url === '/api/models') return ok({ '1': ['gpt-4o'] });
  if (config.url === '/api/channel/7') return ok(STORED);
  if (config.url === '/api/channel/fetch_models' && config.method === 'post') {
    fetchRequests.push(JSON.parse(String(config.data)));
    return ok(['gpt-4o', 'up-1']);
  }
  if (config.url === '/api/channel/' && config.method === 'put') {
    updates.push(JSON.parse(String(config.data)));
    return ok(STORED);
  }
  return { status: 404, body: { success: false, message: 'not found' } };
}

const openEditor = () =>
  renderPage(<ChannelEditPage />, { path: '/channel/edit/:id', url: '/channel/edit/7' });

describe('ChannelEditPage (edit)', () => {
  beforeEach(() => {
    Message.clear();
    updates.length = 0;
    fetchRequests.length = 0;
    http = mockHttp(answer);
  });
  afterEach(() => http.restore());

  it('loads the channel without its key and keeps the key when left empty', async () => {
    await openEditor();
    expect(await screen.findByTestId('channel-name')).toHaveValue('stored');
    expect(screen.getByTestId('channel-key')).toHaveValue('');
    expect(screen.getByTestId('channel-key')).toHaveAttribute('placeholder', '留空则不修改密钥');
    expect(screen.queryByTestId('channel-batch')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      id: 7,
      type: 1,
      name: 'stored',
      base_url: 'http://127.0.0.1:9',
      other: '',
      openai_organization: 'org-1',
      group: 'default,vip',
      models: 'gpt-4o,my-model',
      model_mapping: '',
      status_code_mapping: '{"400":"500"}',
      test_model: 'gpt-4o-mini',
      auto_ban: 0,
      priority: 3,
      weight: 2,
      max_input_tokens: 0,
      first_byte_timeout: 0,
      responses_api: 'translate',
    });
    expect(await screen.findByText('渠道更新成功！')).toBeInTheDocument();
  });

  it('shows and changes how /v1/responses reaches the channel', async () => {
    await openEditor();
    const field = await screen.findByTestId('channel-responses-api');
    expect(field).toHaveTextContent('转换为 Chat Completions');
    fireEvent.click(field);
    fireEvent.click(await screen.findByText('原生：按原样转发'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ responses_api: 'native' });
  });

  it('fetches an existing channel’s models through the server and merges them as chosen', async () => {
    await openEditor();
    await screen.findByTestId('channel-name');
    fireEvent.click(screen.getByTestId('channel-fetch-models'));
    expect(await screen.findByText('已获取 2 个模型')).toBeInTheDocument();
    // The stored channel's id; the empty key field lets the server use the stored key.
    expect(fetchRequests).toEqual([
      { id: 7, type: 1, base_url: 'http://127.0.0.1:9', key: '', openai_organization: 'org-1' },
    ]);
    expect(screen.getByText('新增 1 个，保留 1 个，上游已不再提供 1 个')).toBeInTheDocument();
    expect(within(screen.getByTestId('merge-added')).getByLabelText('up-1')).toBeChecked();
    expect(within(screen.getByTestId('merge-kept')).getByText('gpt-4o')).toBeInTheDocument();
    // Nothing changed before the admin applies; removing a model no longer offered is a choice.
    fireEvent.click(within(screen.getByTestId('merge-gone')).getByLabelText('my-model'));
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ models: 'gpt-4o,up-1' });
  });

  it('keeps every model when the merge is cancelled', async () => {
    await openEditor();
    await screen.findByTestId('channel-name');
    fireEvent.click(screen.getByTestId('channel-fetch-models'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ models: 'gpt-4o,my-model' });
  });
});
