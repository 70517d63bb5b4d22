import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PublicStatus, SelfUser, TokenView } from '@switchyard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listUserModels } from '../tokens/tokens.api';
import { getSelf } from '../wallet/wallet.api';
import { countConsumeLogs, countTokens, createToken, listTokens } from './getting-started.api';
import { GettingStarted } from './index';

vi.mock('../tokens/tokens.api', () => ({ listUserModels: vi.fn() }));
vi.mock('../wallet/wallet.api', () => ({ getSelf: vi.fn() }));
vi.mock('./getting-started.api', () => ({
  countTokens: vi.fn(),
  countConsumeLogs: vi.fn(),
  createToken: vi.fn(),
  listTokens: vi.fn(),
}));

const newUser = { id: 5, quota: 0, used_quota: 0, request_count: 0 } as SelfUser;
const key = { id: 1, name: 'quickstart', key: 'Q'.repeat(48), status: 1 } as TokenView;
const page = (items: TokenView[]) => ({ items, total: items.length, page: 0, page_size: 10 });

const step = (name: string) => screen.getByTestId(`checklist-${name}`);

describe('GettingStarted', () => {
  beforeEach(() => {
    useSessionStore.setState({
      ...loadSessionData(),
      status: {
        display_in_currency: true,
        quota_per_unit: 500000,
        server_address: '',
      } as PublicStatus,
    });
    vi.mocked(getSelf).mockResolvedValue(newUser);
    vi.mocked(countTokens).mockResolvedValue(0);
    vi.mocked(countConsumeLogs).mockResolvedValue(0);
    vi.mocked(listTokens).mockResolvedValue(page([]));
    vi.mocked(listUserModels).mockResolvedValue(['gpt-4o-mini']);
    vi.mocked(createToken).mockResolvedValue(key);
  });
  afterEach(() => vi.clearAllMocks());

  it('shows a new account three open steps, its $0 balance and a way to top up', async () => {
    await renderPage(<GettingStarted />, { language: 'en' });
    await screen.findByTestId('first-run-checklist');
    for (const name of ['credit', 'key', 'call']) {
      expect(step(name)).toHaveAttribute('data-done', 'false');
      expect(step(name)).toHaveTextContent('(To do)');
    }
    expect(within(step('credit')).getByRole('link').getAttribute('href')).toBe('/topup');
    expect(within(step('key')).getByRole('link').getAttribute('href')).toBe('/token');
    expect(within(step('call')).getByRole('link').getAttribute('href')).toBe('/playground');
    expect(screen.getByTestId('home-balance')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('home-top-up').closest('a')?.getAttribute('href')).toBe('/topup');
  });

  it('creates a key from Home and shows its quickstart', async () => {
    await renderPage(<GettingStarted />, { language: 'en' });
    vi.mocked(listTokens).mockResolvedValue(page([key]));
    vi.mocked(countTokens).mockResolvedValue(1);
    await userEvent.click(await screen.findByTestId('home-create-key'));
    expect(vi.mocked(createToken).mock.calls[0]?.[0]).toMatchObject({ name: 'quickstart' });
    expect(await screen.findByTestId('quickstart-key')).toHaveTextContent(`sk-${'Q'.repeat(48)}`);
    expect(await screen.findByTestId('quickstart-code-curl')).toHaveTextContent('gpt-4o-mini');
    await waitFor(() => expect(step('key')).toHaveAttribute('data-done', 'true'));
  });

  it('ticks the first call by itself when the first consume log appears', async () => {
    vi.mocked(getSelf).mockResolvedValue({ ...newUser, quota: 1_000_000 });
    vi.mocked(countTokens).mockResolvedValue(1);
    vi.mocked(listTokens).mockResolvedValue(page([key]));
    await renderPage(<GettingStarted />, { language: 'en' });
    await screen.findByTestId('first-run-checklist');
    expect(step('credit')).toHaveAttribute('data-done', 'true');
    expect(step('key')).toHaveAttribute('data-done', 'true');
    expect(step('call')).toHaveAttribute('data-done', 'false');
    vi.mocked(countConsumeLogs).mockResolvedValue(1);
    // The next poll (every 5 s) finds it; the checklist stays to show the last tick.
    await waitFor(() => expect(step('call')).toHaveAttribute('data-done', 'true'), {
      timeout: 8_000,
    });
    expect(screen.getByTestId('first-run-checklist')).toHaveTextContent('All done!');
  }, 15_000);

  it('leaves the checklist out for an account that has done all three', async () => {
    vi.mocked(getSelf).mockResolvedValue({ ...newUser, quota: 1_000, request_count: 3 });
    vi.mocked(countTokens).mockResolvedValue(1);
    vi.mocked(countConsumeLogs).mockResolvedValue(3);
    vi.mocked(listTokens).mockResolvedValue(page([key]));
    await renderPage(<GettingStarted />, { language: 'en' });
    expect(await screen.findByTestId('quickstart-key')).toBeInTheDocument();
    expect(screen.queryByTestId('first-run-checklist')).not.toBeInTheDocument();
  });
});
