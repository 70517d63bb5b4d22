import { loadRemote } from '@module-federation/enhanced/runtime';
import { Role } from '@switchyard/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole, userWithRole } from '../test/render-console';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

describe('console layout', () => {
  let http: { restore: () => void } | undefined;
  beforeEach(() => {
    vi.mocked(loadRemote).mockResolvedValue({ LoginPage: () => <p>login form</p> });
  });
  afterEach(() => {
    http?.restore();
    vi.useRealTimers();
    document.body.removeAttribute('arco-theme');
  });

  it('shows the default footer with the version without its leading v', async () => {
    ({ http } = await renderConsole({ url: '/about' }));
    await waitFor(() =>
      expect(screen.getByTestId('footer')).toHaveTextContent('Switchyard 0.1.0-alpha.7'),
    );
  });

  it('says the server cannot be reached when the status does not load', async () => {
    ({ http } = await renderConsole({
      url: '/about',
      api: { '/api/status': { status: 502, body: 'Bad Gateway' } },
    }));
    expect(await screen.findByText('Cannot connect to the server normally!')).toBeInTheDocument();
  });

  it('shows the footer HTML of the status when set', async () => {
    ({ http } = await renderConsole({
      url: '/about',
      status: { footer_html: '<a href="https://example.com">Run by Example</a>' },
    }));
    expect(await screen.findByRole('link', { name: 'Run by Example' })).toBeInTheDocument();
  });

  it('builds the sidebar from the table for the signed-in role', async () => {
    ({ http } = await renderConsole({ url: '/about', user: userWithRole(Role.admin) }));
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveTextContent('Channels');
    expect(screen.getByTestId('nav-user')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-chat')).not.toBeInTheDocument();
  });

  it('toggles the dark theme on the body and remembers it', async () => {
    ({ http } = await renderConsole({ url: '/about' }));
    await userEvent.click(screen.getByTestId('theme-toggle'));
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    await userEvent.click(screen.getByTestId('theme-toggle'));
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(localStorage.getItem('theme-mode')).toBe('light');
  });

  it('logs out: calls the server, clears the user, says so and goes to /login', async () => {
    const view = await renderConsole({ url: '/about', user: userWithRole(Role.common) });
    http = view.http;
    // The dropdown animates in with pointer-events off; a person waits, the test skips the check.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.http.seen.some((config) => config.url === '/api/user/logout')).toBe(true);
  });

  it('sends a stored user whose session is gone to /login?expired=true', async () => {
    const view = await renderConsole({
      url: '/about',
      user: userWithRole(Role.common),
      api: { '/api/user/self': { status: 401, body: { success: false, message: 'no session' } } },
    });
    http = view.http;
    await waitFor(() => expect(view.router.state.location.search).toBe('?expired=true'));
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows the welcome panel on an empty home page, and the not-set note on an empty about page', async () => {
    const view = await renderConsole({ url: '/' });
    http = view.http;
    expect(await screen.findByTestId('home-welcome')).toHaveTextContent('Welcome to Switchyard');
    await act(() => view.router.navigate('/about'));
    expect(await screen.findByTestId('about-empty')).toHaveTextContent(
      'The administrator has not set the content of the about page yet.',
    );
  });

  it('renders Markdown home content', async () => {
    ({ http } = await renderConsole({
      url: '/',
      api: {
        '/api/home_page_content': {
          body: { success: true, message: '', data: '# Hello gateway\n\nSome **bold** text' },
        },
      },
    }));
    expect(await screen.findByRole('heading', { name: 'Hello gateway' })).toBeInTheDocument();
  });

  it('frames home content that is a URL', async () => {
    ({ http } = await renderConsole({
      url: '/',
      api: {
        '/api/home_page_content': {
          body: { success: true, message: '', data: 'https://intro.example.com/' },
        },
      },
    }));
    const frame = await screen.findByTitle('Home');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://intro.example.com/');
  });

  it('shows the notice once and remembers it when closed', async () => {
    const notice = { body: { success: true, message: '', data: 'Maintenance **tonight**' } };
    const first = await renderConsole({ url: '/about', api: { '/api/notice': notice } });
    expect(await screen.findByText('tonight')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(localStorage.getItem('notice')).toBe('Maintenance **tonight**');
    first.http.restore();
    first.unmount();
  });
});
