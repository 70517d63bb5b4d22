import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PublicStatus, SelfUser, TokenView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n';
import { listUserModels } from '../pages/tokens/tokens.api';
import { getSelf } from '../pages/wallet/wallet.api';
import { QuickstartDialog } from './quickstart-dialog';

vi.mock('../pages/tokens/tokens.api', () => ({ listUserModels: vi.fn() }));
vi.mock('../pages/wallet/wallet.api', () => ({ getSelf: vi.fn() }));

const token = {
  id: 3,
  name: 'first',
  key: 'A'.repeat(48),
  model_limits_enabled: false,
  model_limits: '',
} as TokenView;

function withStatus(status: Partial<PublicStatus>) {
  useSessionStore.setState({
    ...loadSessionData(),
    status: { display_in_currency: true, quota_per_unit: 500000, ...status } as PublicStatus,
  });
}

const open = (shown: TokenView | null = token) =>
  renderPage(<QuickstartDialog token={shown} onClose={() => {}} />, { language: 'en' });

describe('QuickstartDialog', () => {
  beforeEach(() => {
    vi.mocked(listUserModels).mockResolvedValue(['claude-sonnet-4', 'gpt-4o']);
    vi.mocked(getSelf).mockResolvedValue({ id: 1, quota: 1_000_000 } as SelfUser);
    withStatus({ server_address: 'https://gw.example.com/' });
  });
  afterEach(() => vi.clearAllMocks());

  it('shows the key, the configured base URL and a snippet with both and a model of mine', async () => {
    await open();
    expect(await screen.findByTestId('quickstart-key')).toHaveTextContent(`sk-${'A'.repeat(48)}`);
    expect(screen.getByTestId('quickstart-base-url')).toHaveTextContent(
      /^https:\/\/gw\.example\.com$/,
    );
    const curl = await screen.findByTestId('quickstart-code-curl');
    expect(curl).toHaveTextContent("curl 'https://gw.example.com/v1/chat/completions'");
    expect(curl).toHaveTextContent(`Bearer sk-${'A'.repeat(48)}`);
    expect(curl).toHaveTextContent('"model":"claude-sonnet-4"');
    expect(screen.queryByTestId('quickstart-zero-balance')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Claude Code'));
    expect(await screen.findByTestId('quickstart-code-claudeCode')).toHaveTextContent(
      "export ANTHROPIC_BASE_URL='https://gw.example.com'",
    );
  });

  it("uses the page's origin without ServerAddress and a model the token's limits allow", async () => {
    withStatus({ server_address: '' });
    await open({ ...token, model_limits_enabled: true, model_limits: 'gpt-4o' });
    expect(await screen.findByTestId('quickstart-base-url')).toHaveTextContent(
      window.location.origin,
    );
    expect(await screen.findByTestId('quickstart-code-curl')).toHaveTextContent('"model":"gpt-4o"');
  });

  it('says so when the balance is $0, with a way to top up', async () => {
    vi.mocked(getSelf).mockResolvedValue({ id: 1, quota: 0 } as SelfUser);
    await open();
    const alert = await screen.findByTestId('quickstart-zero-balance');
    expect(alert).toHaveTextContent('Your balance is $0');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/topup');
  });

  it('says no model is open instead of a snippet that cannot work', async () => {
    vi.mocked(listUserModels).mockResolvedValue([]);
    await open();
    expect(await screen.findByTestId('quickstart-no-model')).toBeInTheDocument();
    expect(screen.queryByTestId('quickstart-tabs')).not.toBeInTheDocument();
  });

  it('is closed without a token', async () => {
    await open(null);
    await waitFor(() => expect(screen.queryByTestId('quickstart')).not.toBeInTheDocument());
  });
});
