import { renderPage } from '@switchyard/console-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeServer, fakeOptionServer } from '../../test/fake-option-server';
import { oneMonthAgo } from './log-cleanup';
import { OperationSettings } from './operation-settings';

let server: FakeServer;
afterEach(() => server.restore());

async function open(language: 'zh' | 'en' = 'zh') {
  await renderPage(<OperationSettings />, { language: language });
  return screen.findByTestId('section-general');
}

const fieldIn = (id: string) => screen.getByTestId(id);

// Typing into big forms is slow in jsdom on a busy machine.
describe('OperationSettings', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server = fakeOptionServer({ ChatLink: 'https://chat.example.com', RetryTimes: '2' });
  });

  it('shows the stored values and is the settings remote', async () => {
    await open();
    expect(fieldIn('option-ChatLink')).toHaveValue('https://chat.example.com');
    expect(fieldIn('option-RetryTimes')).toHaveValue('2');
    expect(screen.getByTestId('operation-settings')).toHaveAttribute('data-remote', 'settings');
  });

  it('warns 你似乎并没有修改什么 when nothing changed, and sends nothing', async () => {
    await open();
    await userEvent.click(screen.getByTestId('save-general'));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });

  it('sends only what changed and says 保存成功', async () => {
    await open();
    await userEvent.clear(fieldIn('option-RetryTimes'));
    await userEvent.type(fieldIn('option-RetryTimes'), '3');
    await userEvent.click(fieldIn('option-DefaultCollapseSidebar'));
    await userEvent.click(screen.getByTestId('save-general'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.puts).toEqual([
      { key: 'RetryTimes', value: '3' },
      { key: 'DefaultCollapseSidebar', value: 'true' },
    ]);
  });

  it('sets the minutes of prompt-cache affinity under monitoring', async () => {
    await open();
    const monitoring = screen.getByTestId('section-monitoring');
    expect(within(monitoring).getByText(/会话保持渠道的分钟数/)).toBeInTheDocument();
    expect(fieldIn('option-ChannelAffinityMinutes')).toHaveValue('60');
    await userEvent.clear(fieldIn('option-ChannelAffinityMinutes'));
    await userEvent.type(fieldIn('option-ChannelAffinityMinutes'), '0');
    await userEvent.click(screen.getByTestId('save-monitoring'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.puts).toEqual([{ key: 'ChannelAffinityMinutes', value: '0' }]);
  });

  it('refuses an invalid GroupRatio with the spec message and sends nothing', async () => {
    await open();
    const editor = fieldIn('option-GroupRatio');
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"default": 1,');
    // Where it stops parsing is said on the field as it is typed.
    expect(screen.getByText(/^第 1 行第 15 列：JSON 格式不正确/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('save-pricing'));
    expect(await screen.findByText('分组倍率不是合法的 JSON 字符串')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });

  it('edits a model’s prices in dollars in the searchable table and saves the ratios', async () => {
    server = fakeOptionServer({
      ModelRatio: '{"gpt-4o": 1.25, "o3": 1}',
      CompletionRatio: '{"gpt-4o": 4}',
      ModelPrice: '{}',
      CacheRatio: '{}',
      CacheCreationRatio: '{}',
    });
    await renderPage(<OperationSettings />, { language: 'en' });
    const editor = await screen.findByTestId('price-editor');
    await userEvent.type(within(editor).getByTestId('price-editor-search'), '4o');
    expect(within(editor).queryByTestId('price-input-o3')).not.toBeInTheDocument();
    const input = within(editor).getByLabelText('Input price of gpt-4o');
    expect(input).toHaveValue('2.500000');
    expect(within(editor).getByLabelText('Output price of gpt-4o')).toHaveValue('10.000000');
    await userEvent.clear(input);
    await userEvent.type(input, '5');
    await userEvent.tab();
    await userEvent.click(screen.getByTestId('save-prices'));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    // The output price stays $10: its ratio follows the new input price.
    expect(server.puts.map((put) => [put.key, JSON.parse(put.value)])).toEqual([
      ['ModelRatio', { 'gpt-4o': 2.5, o3: 1 }],
      ['CompletionRatio', { 'gpt-4o': 2 }],
    ]);
  });

  it('says 部分保存失败，请重试 and lists what the server refused', async () => {
    server.refuse.set('ChatLink2', '设置项 ChatLink2 的值无效');
    await open();
    await userEvent.type(fieldIn('option-ChatLink2'), 'https://two.example.com');
    await userEvent.clear(fieldIn('option-RetryTimes'));
    await userEvent.type(fieldIn('option-RetryTimes'), '4');
    await userEvent.click(screen.getByTestId('save-general'));
    expect(await screen.findByText('部分保存失败，请重试')).toBeInTheDocument();
    expect(server.values.get('RetryTimes')).toBe('4');
    const failures = screen.getByTestId('failures-general');
    expect(failures).toHaveTextContent('设置项 ChatLink2 的值无效');
    expect(failures).not.toHaveTextContent('RetryTimes');
    // The refused edit stays in the form for a retry.
    expect(fieldIn('option-ChatLink2')).toHaveValue('https://two.example.com');
  });

  it('says 保存失败，请重试 when everything was refused', async () => {
    server.refuse.set('QuotaForNewUser', 'nope');
    await open();
    await userEvent.type(fieldIn('option-QuotaForNewUser'), '5');
    await userEvent.click(screen.getByTestId('save-quota'));
    expect(await screen.findByText('保存失败，请重试')).toBeInTheDocument();
  });

  it('resets the model ratios only after confirming', async () => {
    await open();
    await userEvent.click(screen.getByTestId('reset-model-ratio'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定重置模型倍率吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('模型倍率已重置')).toBeInTheDocument();
    expect(server.requests.some((request) => request.url === '/api/option/rest_model_ratio')).toBe(
      true,
    );
  });

  it('cleans logs before the chosen time and says how many went', async () => {
    server.logCleanup = { count: 42 };
    await open();
    await userEvent.click(screen.getByTestId('log-cleanup-submit'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已清理 42 条日志')).toBeInTheDocument();
    const request = server.requests.find((seen) => seen.url === '/api/log/');
    const target = Number(request?.params?.target_timestamp);
    expect(Math.abs(target - Math.floor(oneMonthAgo() / 1000))).toBeLessThan(60);
  });

  it('reports a failed log cleanup as 日志清理失败：…', async () => {
    server.logCleanup = { refuse: '数据库忙' };
    await open();
    await userEvent.click(screen.getByTestId('log-cleanup-submit'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('日志清理失败：数据库忙')).toBeInTheDocument();
  });

  it('asks for a time when the cut-off was cleared, and deletes nothing', async () => {
    await open();
    const picker = screen.getByTestId('log-cleanup-time');
    await userEvent.hover(picker);
    const clear = picker.querySelector('.arco-picker-clear-icon');
    expect(clear).not.toBeNull();
    await userEvent.click(clear as Element);
    await userEvent.click(screen.getByTestId('log-cleanup-submit'));
    expect(await screen.findByText('请选择日志记录时间')).toBeInTheDocument();
    expect(server.requests.some((request) => request.url === '/api/log/')).toBe(false);
  });

  it('speaks English too', async () => {
    await open('en');
    await userEvent.click(screen.getByTestId('save-drawing'));
    await waitFor(() =>
      expect(screen.getByText("You don't seem to have changed anything")).toBeInTheDocument(),
    );
  });
});

describe('oneMonthAgo', () => {
  it('is the same moment one calendar month earlier', () => {
    expect(new Date(oneMonthAgo(new Date(2026, 10, 22, 8, 30))).toString()).toBe(
      new Date(2026, 9, 22, 8, 30).toString(),
    );
  });
});
