import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PublicStatus, SelfLogEntry, TokenView } from '@switchyard/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listTokens, listUserModels } from '../tokens/tokens.api';
import { PlaygroundPage } from './index';
import { latestConsumeLog, PlaygroundCallError, streamChat } from './playground.api';

vi.mock('../tokens/tokens.api', () => ({ listTokens: vi.fn(), listUserModels: vi.fn() }));
vi.mock('./playground.api', async (original) => ({
  ...(await original<typeof import('./playground.api')>()),
  streamChat: vi.fn(),
  latestConsumeLog: vi.fn(),
}));

const token = (id: number, name: string, extra: Partial<TokenView> = {}) =>
  ({
    id,
    name,
    key: `${name}`.padEnd(48, 'x'),
    status: 1,
    model_limits_enabled: false,
    model_limits: '',
    ...extra,
  }) as TokenView;

describe('PlaygroundPage', () => {
  beforeEach(() => {
    useSessionStore.setState({
      ...loadSessionData(),
      status: { display_in_currency: true, quota_per_unit: 500000 } as PublicStatus,
    });
    vi.mocked(listTokens).mockResolvedValue({
      items: [
        token(1, 'main'),
        token(2, 'off', { status: 2 }),
        token(3, 'mini', { model_limits_enabled: true, model_limits: 'gpt-4o-mini' }),
      ],
      total: 3,
      page: 0,
      page_size: 100,
    });
    vi.mocked(listUserModels).mockResolvedValue(['gpt-4o', 'gpt-4o-mini']);
    vi.mocked(latestConsumeLog)
      .mockResolvedValueOnce({ id: 10, quota: 7 } as SelfLogEntry)
      .mockResolvedValue({ id: 11, quota: 49 } as SelfLogEntry);
    vi.mocked(streamChat).mockImplementation(async (_request, onDelta) => {
      onDelta('Hel');
      onDelta('lo!');
      return { prompt_tokens: 12, completion_tokens: 3 };
    });
  });
  afterEach(() => vi.clearAllMocks());

  it('streams the answer with my key, model, system prompt and settings, then shows tokens and cost', async () => {
    await renderPage(<PlaygroundPage />, { url: '/playground', language: 'en' });
    await screen.findByText('main');
    await userEvent.type(screen.getByTestId('playground-system'), 'Be brief.');
    const temperature = screen.getByTestId('playground-temperature');
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '0.3');
    const max = screen.getByTestId('playground-max-tokens');
    await userEvent.clear(max);
    await userEvent.type(max, '64');
    await userEvent.type(screen.getByTestId('playground-input'), 'Hi there{Enter}');
    expect(await screen.findByTestId('playground-turn-assistant')).toHaveTextContent('Hello!');
    expect(screen.getByTestId('playground-turn-user')).toHaveTextContent('Hi there');
    const [request] = vi.mocked(streamChat).mock.calls[0] ?? [];
    expect(request).toEqual({
      apiKey: `sk-${'main'.padEnd(48, 'x')}`,
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi there' },
      ],
      temperature: 0.3,
      maxTokens: 64,
    });
    await waitFor(() =>
      expect(screen.getByTestId('playground-stats')).toHaveTextContent(
        'Input 12 tokens, output 3 tokens · Cost $0.000098',
      ),
    );
    // The cost is the new consume log's, not the one that was there before the call.
    expect(latestConsumeLog).toHaveBeenCalledWith('main');
  });

  it("offers only enabled keys and the models a key's limits allow", async () => {
    await renderPage(<PlaygroundPage />, { url: '/playground', language: 'en' });
    await screen.findByText('main');
    fireEvent.click(screen.getByTestId('playground-token'));
    const option = (label: string) =>
      screen.queryAllByText(label, { selector: '.arco-select-option, .arco-select-option *' });
    await waitFor(() => expect(option('mini')).not.toHaveLength(0));
    expect(option('off')).toHaveLength(0);
    fireEvent.click(option('mini')[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId('playground-model')).toHaveTextContent('gpt-4o-mini'),
    );
  });

  it("shows the relay's refusal, such as a quota that is not enough", async () => {
    vi.mocked(streamChat).mockRejectedValue(new PlaygroundCallError('用户额度不足', 403));
    await renderPage(<PlaygroundPage />, { url: '/playground', language: 'en' });
    await screen.findByText('main');
    await userEvent.type(screen.getByTestId('playground-input'), 'Hi{Enter}');
    expect(await screen.findByTestId('playground-error')).toHaveTextContent('用户额度不足');
  });

  it('says when there is no usable key, with a way to make one', async () => {
    vi.mocked(listTokens).mockResolvedValue({ items: [], total: 0, page: 0, page_size: 100 });
    await renderPage(<PlaygroundPage />, { url: '/playground', language: 'en' });
    const alert = await screen.findByTestId('playground-no-token');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/token');
    expect(screen.getByTestId('playground-send')).toBeDisabled();
  });
});
