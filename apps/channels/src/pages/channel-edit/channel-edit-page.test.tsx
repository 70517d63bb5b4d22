import { Message } from '@arco-design/web-react';
import { type MockReply, mockHttp, renderPage } from '@switchyard/console-kit/testing';
import { channelTypeById } from '@switchyard/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { ChannelEditPage } from './channel-edit-page';

let http: ReturnType<typeof mockHttp>;
const posted: unknown[] = [];

function answer(config: InternalAxiosRequestConfig): MockReply {
  const url = config.url ?? '';
  if (url === '/api/group/')
    return { body: { success: true, message: '', data: ['default', 'vip'] } };
  if (url === '/api/models') {
    return {
      body: {
        success: true,
        message: '',
        data: { '1': ['gpt-4o', 'gpt-4o-mini'], '15': ['ERNIE-4.0-8K'] },
      },
    };
  }
  if (url === '/api/channel/' && config.method === 'post') {
    const body = JSON.parse(String(config.data)) as { name: string };
    if (body.name === 'refused') {
      // What the server answers for a field its schema refuses (HTTP 400 with data.fields).
      const fields = [{ field: 'base_url', code: 'tooLong', params: { max: 512 }, message: '-' }];
      const message = 'Invalid request: base_url must be at most 512 characters';
      return { status: 400, body: { success: false, message, data: { fields } } };
    }
    posted.push(body);
    return { body: { success: true, message: '', data: { ids: [1] } } };
  }
  return { status: 404, body: { success: false, message: 'not found' } };
}

const openEditor = (language: 'zh' | 'en' = 'zh') =>
  renderPage(<ChannelEditPage />, { path: '/channel/add', url: '/channel/add', language });

async function pickType(label: string) {
  fireEvent.click(screen.getByTestId('channel-type'));
  const options = await screen.findAllByText(label, {
    selector: '.arco-select-option, .arco-select-option *',
  });
  fireEvent.click(options[0] as HTMLElement);
}

/** The text field behind a test id (arco puts some ids on a wrapper). */
function field(testId: string): HTMLElement {
  const element = screen.getByTestId(testId);
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return element;
  return element.querySelector('input, textarea') as HTMLElement;
}

const fill = (testId: string, value: string) =>
  fireEvent.change(field(testId), { target: { value } });

const selectedModels = () =>
  within(screen.getByTestId('channel-models'))
    .queryAllByText(/.+/, { selector: '.arco-tag-content' })
    .map((node) => node.textContent);

describe('ChannelEditPage (add)', () => {
  beforeEach(() => {
    Message.clear();
    posted.length = 0;
    http = mockHttp(answer);
  });
  afterEach(() => http.restore());

  it('starts as type 1 with its models, default group and auto-ban on', async () => {
    await openEditor();
    await waitFor(() => expect(selectedModels()).toContain('gpt-4o'));
    expect(screen.queryByTestId('channel-key-format')).not.toBeInTheDocument();
    expect(screen.getByTestId('channel-organization')).toBeInTheDocument();
    expect(screen.getByTestId('channel-auto-ban')).toHaveAttribute('aria-checked', 'true');
  });

  it('switching the type changes the key format hint, the defaults and the fields shown', async () => {
    await openEditor();
    await pickType('百度文心千帆');
    expect(screen.getByTestId('channel-key-format')).toHaveTextContent('APIKey|SecretKey');
    expect(screen.getByTestId('channel-key')).toHaveAttribute('placeholder', 'APIKey|SecretKey');
    expect(screen.queryByTestId('channel-organization')).not.toBeInTheDocument();

    await pickType('Azure OpenAI');
    expect(screen.queryByTestId('channel-key-format')).not.toBeInTheDocument();
    expect(screen.getByTestId('channel-other')).toHaveValue('2023-06-01-preview');

    await pickType('讯飞星火认知');
    expect(screen.getByTestId('channel-key-format')).toHaveTextContent('APPID|APISecret|APIKey');
    expect(screen.getByTestId('channel-other')).toHaveValue('v2.1');

    fill('channel-name', 'spark');
    fill('channel-key', 'id|secret|key');
    await userEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      type: 18,
      other: 'v2.1',
      models: channelTypeById(18)?.defaultModels.join(','),
    });
  });

  it('lists the registry types with their key hints in Chinese', async () => {
    await openEditor();
    await pickType('DeepSeek 深度求索');
    expect(screen.getByTestId('channel-key-hint')).toHaveTextContent('DeepSeek 开放平台的 API Key');
    await pickType('腾讯混元');
    expect(screen.getByTestId('channel-key-format')).toHaveTextContent('AppId|SecretId|SecretKey');
    expect(screen.getByTestId('channel-key-hint')).toHaveTextContent('SecretId');
    await pickType('Cloudflare Workers AI');
    expect(screen.getByText('账户 ID')).toBeInTheDocument();
    await pickType('Google PaLM2');
    expect(screen.getByTestId('channel-legacy')).toHaveTextContent('旧版接口');
  });

  it.each([
    ['zh', '千帆', ['百度文心千帆'], 'APIKey|SecretKey'],
    ['en', 'claude', ['Anthropic Claude', 'AWS Claude'], 'Ak|Sk|Region'],
  ] as const)(
    'finds a type by typing part of its name (%s)',
    async (language, typed, shown, format) => {
      await openEditor(language);
      const select = screen.getByTestId('channel-type');
      await userEvent.click(select);
      const input = within(select).getByRole('textbox');
      // The Select's wrapper is the tab stop; its search input is not a second one.
      expect(input).toHaveAttribute('tabindex', '-1');
      await userEvent.type(input, typed);
      const options = () => [...document.querySelectorAll('.arco-select-option')];
      await waitFor(() => expect(options().map((node) => node.textContent)).toEqual(shown));
      fireEvent.click(options().at(-1) as HTMLElement);
      await waitFor(() =>
        expect(screen.getByTestId('channel-key-format')).toHaveTextContent(format),
      );
    },
  );

  it('shows the key hints in English', async () => {
    await openEditor('en');
    await pickType('AWS Claude');
    expect(screen.getByTestId('channel-key-format')).toHaveTextContent('Ak|Sk|Region');
    expect(screen.getByTestId('channel-key-hint')).toHaveTextContent(
      'overrides the Bedrock endpoint',
    );
    await pickType('OpenRouter');
    expect(screen.getByTestId('channel-key-hint')).toHaveTextContent('OpenRouter API key');
    expect(screen.queryByTestId('channel-legacy')).not.toBeInTheDocument();
  });

  it('refuses an invalid JSON model mapping with the spec message and sends nothing', async () => {
    await openEditor();
    fill('channel-name', 'main');
    fill('channel-key', 'sk-1');
    fill('channel-model-mapping', '{"a": ');
    await userEvent.click(screen.getByTestId('channel-submit'));
    expect(await screen.findByText('模型映射必须是合法的 JSON 格式！')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('requires name and key, then at least one model', async () => {
    await openEditor('en');
    await userEvent.click(screen.getByTestId('channel-submit'));
    // Under both empty fields, each marked as required.
    const errors = await screen.findAllByText('Please fill in the channel name and channel key!');
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error.closest('.arco-form-item-error')).not.toBeNull();
    expect(document.querySelectorAll('.arco-form-item-symbol').length).toBeGreaterThanOrEqual(3);
    fill('channel-name', 'main');
    fill('channel-key', 'sk-1');
    await userEvent.click(screen.getByTestId('channel-clear-models'));
    await userEvent.click(screen.getByTestId('channel-submit'));
    expect(await screen.findByText('Please select at least one model!')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in the channel name and channel key!')).toBeNull();
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal of a field under it, without the raw message", async () => {
    await openEditor('en');
    await waitFor(() => expect(selectedModels()).toContain('gpt-4o'));
    fill('channel-name', 'refused');
    fill('channel-key', 'sk-1');
    await userEvent.click(screen.getByTestId('channel-submit'));
    const error = await screen.findByText('Enter at most 512 characters');
    expect(error.closest('.arco-form-item')).toHaveTextContent('Base URL');
    expect(screen.queryByText(/Invalid request/)).toBeNull();
  });

  it('adds custom models and says so when some already exist', async () => {
    await openEditor();
    await waitFor(() => expect(selectedModels()).toContain('gpt-4o'));
    fill('channel-custom-model', 'my-model, gpt-4o');
    fireEvent.keyDown(field('channel-custom-model'), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('某些模型已存在！')).toBeInTheDocument();
    expect(selectedModels().filter((model) => model === 'gpt-4o')).toHaveLength(1);
    expect(selectedModels()).toContain('my-model');
  });

  it('fetching the model list is refused for other types with the spec message', async () => {
    await openEditor();
    await pickType('Anthropic Claude');
    await userEvent.click(screen.getByTestId('channel-fetch-models'));
    expect(await screen.findByText('仅支持 OpenAI 接口格式')).toBeInTheDocument();
  });

  it('creates in batch with one key per line and the base URL without its trailing slash', async () => {
    await openEditor();
    fill('channel-name', 'batch');
    await userEvent.click(screen.getByTestId('channel-batch'));
    fill('channel-key', 'sk-a\nsk-b\nsk-c');
    fill('channel-base-url', 'http://127.0.0.1:9/');
    await userEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      type: 1,
      name: 'batch',
      key: 'sk-a\nsk-b\nsk-c',
      base_url: 'http://127.0.0.1:9',
      group: 'default',
      auto_ban: 1,
    });
    expect(await screen.findByText('渠道创建成功！')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/channel'));
  });
});
