import { Message } from '@arco-design/web-react';
import { ApiError, loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { SessionUser } from '@switchyard/contracts';
import { SIGN_IN_FORM_ID } from '@switchyard/contracts/sign-in';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { login, loginSecondFactor } from './login.api';
import { LoginPage } from './login-page';

vi.mock('./login.api', () => ({ login: vi.fn(), loginSecondFactor: vi.fn() }));
const loginMock = vi.mocked(login);

const root: SessionUser = {
  id: 1,
  username: 'root',
  display_name: 'Root User',
  role: 100,
  status: 1,
  group: 'default',
};

const openLogin = (url = '/login', language: 'zh' | 'en' = 'zh') =>
  renderPage(<LoginPage />, { path: '/login', url, language });

async function fillAndSubmit(username: string, password: string) {
  if (username) await userEvent.type(screen.getByTestId('login-username'), username);
  if (password) await userEvent.type(screen.getByTestId('login-password'), password);
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
    loginMock.mockReset();
  });

  it('asks for both fields when one is empty and does not call the server', async () => {
    await openLogin();
    await fillAndSubmit('alice', '');
    expect(await screen.findByText('请输入用户名和密码！')).toBeInTheDocument();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('shows the expired-session message for ?expired=true, in both languages', async () => {
    const zh = await openLogin('/login?expired=true');
    expect(screen.getByTestId('login-expired')).toHaveTextContent(
      '未登录或登录已过期，请重新登录！',
    );
    zh.unmount();
    await openLogin('/login?expired=true', 'en');
    expect(screen.getByTestId('login-expired')).toHaveTextContent(
      'You are not logged in or your session has expired. Please log in again!',
    );
  });

  it('does not show the expired message on a plain visit', async () => {
    await openLogin();
    expect(screen.queryByTestId('login-expired')).not.toBeInTheDocument();
  });

  it('stores the user, says 登录成功 and goes to /token', async () => {
    loginMock.mockResolvedValue({ ...root, username: 'alice', role: 1 });
    await openLogin();
    await fillAndSubmit('alice', 'secret-pass');
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(loginMock.mock.calls[0]?.[0]).toEqual({ username: 'alice', password: 'secret-pass' });
    expect(loginMock.mock.calls[0]?.[1]).toBe('');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/token'));
    expect(useSessionStore.getState().user?.username).toBe('alice');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ username: 'alice' });
  });

  it('asks for the second factor when the account has one, then signs in with the code', async () => {
    loginMock.mockResolvedValue({ require_2fa: true });
    vi.mocked(loginSecondFactor).mockResolvedValue({ ...root, username: 'alice', role: 1 });
    await openLogin();
    await fillAndSubmit('alice', 'secret-pass');
    expect(await screen.findByTestId('login-2fa')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeFalsy();
    await userEvent.click(screen.getByTestId('login-2fa-toggle'));
    await userEvent.type(screen.getByTestId('login-2fa-code'), 'abcde-12345');
    await userEvent.click(screen.getByTestId('login-2fa-submit'));
    await waitFor(() =>
      expect(loginSecondFactor).toHaveBeenCalledWith({ recovery_code: 'abcde-12345' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/token'));
    expect(useSessionStore.getState().user?.username).toBe('alice');
  });

  it('takes over the form the server sent with the page: values, focus and a submit asked for', async () => {
    loginMock.mockResolvedValue({ ...root, username: 'alice', role: 1 });
    const sent = document.createElement('div');
    sent.id = SIGN_IN_FORM_ID;
    sent.setAttribute('data-submitted', 'true');
    sent.innerHTML =
      '<form><input name="username" value="alice"><input name="password" value="secret-pass"></form>';
    document.body.append(sent);
    await openLogin();
    expect(document.getElementById(SIGN_IN_FORM_ID)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/token'));
    expect(loginMock.mock.calls[0]?.[0]).toEqual({ username: 'alice', password: 'secret-pass' });
  });

  it('puts the caret back in the field the user was typing in', async () => {
    const sent = document.createElement('div');
    sent.id = SIGN_IN_FORM_ID;
    sent.innerHTML = '<form><input name="username" value="bob"><input name="password"></form>';
    document.body.append(sent);
    sent.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
    await openLogin();
    expect(screen.getByTestId('login-username')).toHaveValue('bob');
    expect(screen.getByTestId('login-username')).toHaveFocus();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('warns root with the default password before going on, and offers the settings', async () => {
    loginMock.mockResolvedValue(root);
    await openLogin();
    await fillAndSubmit('root', '123456');
    expect(await screen.findByTestId('default-password-modal')).toBeInTheDocument();
    expect(screen.getByText('请立即修改默认密码')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await userEvent.click(screen.getByTestId('default-password-change'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/setting?tab=personal'),
    );
  });

  it('lets root continue to /token from the default-password modal', async () => {
    loginMock.mockResolvedValue(root);
    await openLogin();
    await fillAndSubmit('root', '123456');
    await userEvent.click(await screen.findByTestId('default-password-later'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/token'));
  });

  it('shows a refusal from the server through the central handler', async () => {
    loginMock.mockRejectedValue(new ApiError('用户名或密码错误', { kind: 'refused', status: 200 }));
    await openLogin();
    await fillAndSubmit('alice', 'wrong-pass');
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('hides the password form when password login is off, and the sign-up link when registration is off', async () => {
    useSessionStore.setState({
      status: { password_login: false, register_enabled: false } as never,
    });
    await openLogin();
    expect(screen.queryByTestId('login-username')).not.toBeInTheDocument();
    expect(screen.getByTestId('password-login-off')).toBeInTheDocument();
    expect(screen.queryByTestId('login-register-link')).not.toBeInTheDocument();
  });

  it('opens on the second-factor step when a provider sign-in sent the user back for it', async () => {
    await openLogin('/login?second_factor=1');
    expect(screen.getByTestId('login-2fa')).toBeInTheDocument();
    expect(screen.queryByTestId('login-username')).not.toBeInTheDocument();
  });

  it('offers the OpenID Connect provider under its button text, or a default text', async () => {
    useSessionStore.setState({ status: { oidc: true, oidc_button_text: 'Company SSO' } as never });
    await openLogin();
    expect(screen.getByTestId('login-oidc')).toHaveTextContent('Company SSO');
    useSessionStore.setState({ status: { oidc: true, oidc_button_text: '' } as never });
    expect(await screen.findByText('使用 OpenID Connect 继续')).toBeInTheDocument();
    useSessionStore.setState({ status: { oidc: false } as never });
    await waitFor(() => expect(screen.queryByTestId('login-oidc')).not.toBeInTheDocument());
  });

  it('waits for Turnstile when the check is on and does not call the server yet', async () => {
    useSessionStore.setState({
      status: { turnstile_check: true, turnstile_site_key: '' } as never,
    });
    await openLogin();
    await fillAndSubmit('alice', 'secret-pass');
    expect(
      await screen.findByText('请稍后几秒重试，Turnstile 正在检查用户环境！'),
    ).toBeInTheDocument();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('marks its root with the remote name and build id', async () => {
    await openLogin();
    const rootElement = screen.getByTestId('login-page');
    expect(rootElement).toHaveAttribute('data-remote', 'account');
    expect(rootElement).toHaveAttribute('data-build');
  });
});
