import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendEmailCode } from '../personal/personal.api';
import { register } from './register.api';
import { RegisterPage } from './register-page';

vi.mock('./register.api', () => ({ register: vi.fn() }));
vi.mock('../personal/personal.api', () => ({
  sendEmailCode: vi.fn().mockResolvedValue(undefined),
}));
const registerMock = vi.mocked(register);

const openRegister = (url = '/register', language: 'zh' | 'en' = 'zh') =>
  renderPage(<RegisterPage />, { path: '/register', url, language });

async function fill(username: string, password: string, password2: string) {
  await userEvent.type(screen.getByTestId('register-username'), username);
  await userEvent.type(screen.getByTestId('register-password'), password);
  await userEvent.type(screen.getByTestId('register-password2'), password2);
  await userEvent.click(screen.getByTestId('register-submit'));
}

describe('RegisterPage', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
    registerMock.mockReset();
  });

  it('says the length limits in its placeholders', async () => {
    await openRegister();
    expect(screen.getByTestId('register-username')).toHaveAttribute(
      'placeholder',
      '输入用户名，最长 12 位',
    );
    expect(screen.getByTestId('register-password')).toHaveAttribute(
      'placeholder',
      '输入密码，最短 8 位，最长 20 位',
    );
  });

  it('refuses a password shorter than 8', async () => {
    await openRegister();
    await fill('alice', 'short', 'short');
    expect(await screen.findByText('密码长度不得小于 8 位！')).toBeInTheDocument();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('refuses a mismatched confirmation', async () => {
    await openRegister();
    await fill('alice', 'long-enough-1', 'long-enough-2');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('shows the English messages in English', async () => {
    await openRegister('/register', 'en');
    await fill('alice', 'short', 'short');
    expect(await screen.findByText('Password length must not be below 8!')).toBeInTheDocument();
  });

  it('sends ?aff= as aff_code, remembers it, and goes to /login after 注册成功 when the server did not sign in', async () => {
    registerMock.mockResolvedValue(undefined);
    await openRegister('/register?aff=Ab12');
    expect(localStorage.getItem('aff')).toBe('Ab12');
    await fill('alice', 'long-enough-1', 'long-enough-1');
    await waitFor(() => expect(registerMock).toHaveBeenCalledOnce());
    expect(registerMock.mock.calls[0]?.[0]).toEqual({
      username: 'alice',
      password: 'long-enough-1',
      password2: 'long-enough-1',
      aff_code: 'Ab12',
    });
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('keeps the session the server signed in and lands on Home, without the password again', async () => {
    const user = {
      id: 7,
      username: 'carol',
      display_name: 'carol',
      role: 1,
      status: 1,
      group: 'default',
    };
    registerMock.mockResolvedValue(user);
    await openRegister();
    await fill('carol', 'long-enough-1', 'long-enough-1');
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useSessionStore.getState().user).toMatchObject({ id: 7, username: 'carol' });
  });

  it('uses the remembered aff code on a later visit without ?aff=', async () => {
    localStorage.setItem('aff', 'Zz99');
    registerMock.mockResolvedValue(undefined);
    await openRegister();
    await fill('bob', 'long-enough-1', 'long-enough-1');
    await waitFor(() => expect(registerMock).toHaveBeenCalledOnce());
    expect(registerMock.mock.calls[0]?.[0]).toMatchObject({ aff_code: 'Zz99' });
  });

  it('shows that registration is closed instead of a form that cannot work', async () => {
    useSessionStore.setState({ status: { register_enabled: false } as never });
    await openRegister();
    expect(screen.getByTestId('register-closed')).toBeInTheDocument();
    expect(screen.queryByTestId('register-username')).not.toBeInTheDocument();
  });

  it('with email verification on, sends a code, waits 30 seconds to resend, and registers with it', async () => {
    useSessionStore.setState({ status: { email_verification: true } as never });
    registerMock.mockResolvedValue(undefined);
    await openRegister();
    await userEvent.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('请输入邮箱！')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('register-email'), 'a@example.com');
    await userEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(sendEmailCode).toHaveBeenCalledWith('a@example.com', ''));
    expect(await screen.findByTestId('register-send-code')).toHaveTextContent('重新发送 (30)');
    expect(screen.getByTestId('register-send-code')).toBeDisabled();
    await userEvent.type(screen.getByTestId('register-code'), 'AbC123');
    await fill('alice', 'password123', 'password123');
    await waitFor(() =>
      expect(registerMock.mock.calls[0]?.[0]).toMatchObject({
        email: 'a@example.com',
        verification_code: 'AbC123',
      }),
    );
  });
});
