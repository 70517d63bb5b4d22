import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Role } from '@switchyard/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole, userWithRole } from '../test/render-console';
import { forgetRemotePages } from './remote-page';
import { UNAVAILABLE_MARK } from './unavailable-module';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
const loadRemoteMock = vi.mocked(loadRemote);
const registerRemotesMock = vi.mocked(registerRemotes);

const REMOTES = {
  remotes: [
    { name: 'account', entry: '/remotes/account/mf-manifest.json' },
    { name: 'billing', entry: '/remotes/billing/mf-manifest.json' },
  ],
};

const unavailable = (id: string) => ({
  __esModule: true,
  default: () => null,
  [UNAVAILABLE_MARK]: { id, error: new Error('manifest 404') },
});

const requested = () => loadRemoteMock.mock.calls.map((call) => call[0]);

describe('remote pages in the console', () => {
  let http: { restore: () => void } | undefined;
  beforeEach(() => {
    forgetRemotePages();
    loadRemoteMock.mockReset();
    registerRemotesMock.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(REMOTES), { status: 200 })),
    );
  });
  afterEach(() => {
    http?.restore();
    vi.unstubAllGlobals();
  });

  it('loads a remote page only when it is opened, with its named export', async () => {
    loadRemoteMock.mockResolvedValue({ TokensPage: () => <p>my tokens</p> });
    ({ http } = await renderConsole({ url: '/token', user: userWithRole(Role.common) }));
    expect(await screen.findByText('my tokens')).toBeInTheDocument();
    expect(requested()).toEqual(['billing/TokensPage']);
  });

  it('sends a guest from a protected page to /login', async () => {
    loadRemoteMock.mockResolvedValue({ LoginPage: () => <p>login form</p> });
    const view = await renderConsole({ url: '/token' });
    http = view.http;
    expect(await screen.findByText('login form')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(requested()).toEqual(['account/LoginPage']);
  });

  it('shows not-found for a page above the user role and never fetches its remote', async () => {
    ({ http } = await renderConsole({ url: '/channel', user: userWithRole(Role.common) }));
    // The not-found page is loaded when first shown (its first import here takes a while).
    expect(await screen.findByText('Page not found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText('Please check that the address in your browser is correct'),
    ).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('shows "<module> is unavailable" in the page area only, and Retry loads it again', async () => {
    loadRemoteMock.mockResolvedValueOnce(unavailable('billing/TokensPage'));
    ({ http } = await renderConsole({ url: '/token', user: userWithRole(Role.common) }));

    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('The token list is unavailable');
    expect(screen.getByTestId('page-area')).toContainElement(fallback);
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();

    loadRemoteMock.mockResolvedValueOnce({ TokensPage: () => <p>tokens after retry</p> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('tokens after retry')).toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'billing', entry: '/remotes/billing/mf-manifest.json' }],
      { force: true },
    );
  });

  it('also falls back when a remote page throws while rendering', async () => {
    loadRemoteMock.mockResolvedValue({
      LogsPage: () => {
        throw new Error('render failed');
      },
    });
    ({ http } = await renderConsole({ url: '/log', user: userWithRole(Role.common) }));
    expect(await screen.findByTestId('remote-fallback')).toHaveTextContent(
      'The log page is unavailable',
    );
  });

  it('shows only the personal settings tab to a non-root user', async () => {
    loadRemoteMock.mockResolvedValue({ PersonalSettings: () => <p>personal</p> });
    ({ http } = await renderConsole({
      url: '/setting?tab=system',
      user: userWithRole(Role.admin),
    }));
    expect(await screen.findByText('personal')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-system')).not.toBeInTheDocument();
    expect(requested()).toEqual(['account/PersonalSettings']);
  });

  it('opens the tab in ?tab= for root', async () => {
    loadRemoteMock.mockResolvedValue({ SystemSettings: () => <p>system options</p> });
    ({ http } = await renderConsole({ url: '/setting?tab=system', user: userWithRole(Role.root) }));
    expect(await screen.findByText('system options')).toBeInTheDocument();
    expect(screen.getByTestId('tab-operation')).toBeInTheDocument();
    expect(requested()).toEqual(['settings/SystemSettings']);
  });
});
