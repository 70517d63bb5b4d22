import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { SessionUser } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';
import { signInWithPasskey } from './passkey-sign-in';

vi.mock('./login.api', () => ({ login: vi.fn(), loginSecondFactor: vi.fn() }));
vi.mock('./passkey-sign-in', () => ({ signInWithPasskey: vi.fn() }));

const alice: SessionUser = {
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  group: 'default',
};

describe('LoginPage passkey button', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
    vi.mocked(signInWithPasskey).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with a passkey, no username, and goes to the token page', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    vi.mocked(signInWithPasskey).mockResolvedValue(alice);
    await renderPage(<LoginPage />, { path: '/login', url: '/login', language: 'en' });
    await userEvent.click(screen.getByTestId('login-passkey'));
    await waitFor(() => expect(useSessionStore.getState().user?.username).toBe('alice'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/token'));
  });

  it('stays on the page and says so when the prompt is cancelled', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    vi.mocked(signInWithPasskey).mockRejectedValue(
      Object.assign(new Error('not allowed'), { code: 'ERROR_CEREMONY_ABORTED' }),
    );
    await renderPage(<LoginPage />, { path: '/login', url: '/login', language: 'zh' });
    await userEvent.click(screen.getByTestId('login-passkey'));
    expect(await screen.findByText('已取消，或没有选择通行密钥')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeFalsy();
  });

  it('has no passkey button where the browser has no WebAuthn', async () => {
    await renderPage(<LoginPage />, { path: '/login', url: '/login', language: 'en' });
    expect(screen.getByTestId('login-page')).toBeInTheDocument();
    expect(screen.queryByTestId('login-passkey')).toBeNull();
  });
});
