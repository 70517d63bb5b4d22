import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { SessionUser } from '@switchyard/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveEnvelope } from '../../test/fixtures';
import { LoginPage } from './login-page';

const QR = 'https://mp.example.test/qrcode.png';
const alice: SessionUser = {
  id: 7,
  username: 'wechat_7',
  display_name: 'WeChat User',
  role: 1,
  status: 1,
  group: 'default',
};

async function openWeChat() {
  await renderPage(<LoginPage />, { path: '/login', url: '/login' });
  await userEvent.click(screen.getByTestId('login-wechat'));
  return screen.findByTestId('wechat-modal');
}

describe('LoginPage WeChat sign-in', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
    useSessionStore.setState({ status: { wechat_login: true, wechat_qrcode: QR } as never });
  });

  it('offers no WeChat button when WeChat sign-in is off', async () => {
    useSessionStore.setState({ status: { wechat_login: false, wechat_qrcode: QR } as never });
    await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    expect(screen.queryByTestId('login-wechat')).not.toBeInTheDocument();
  });

  it('shows the QR code from the status in the dialog', async () => {
    const modal = await openWeChat();
    expect(within(modal).getByRole('img', { name: '微信公众号二维码' })).toHaveAttribute('src', QR);
    expect(within(modal).getByText(/输入「验证码」获取验证码/)).toBeInTheDocument();
  });

  it('sends the code when Enter is pressed in the field', async () => {
    const seen = serveEnvelope({ success: true, message: '', data: alice });
    await openWeChat();
    await userEvent.type(screen.getByTestId('wechat-code'), '246810');
    // Browsers give Enter its keyCode, which Arco reads; user-event leaves it out.
    fireEvent.keyDown(screen.getByTestId('wechat-code'), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(seen[0]?.params).toEqual({ code: '246810' });
  });

  it('asks for the code before calling the server', async () => {
    const seen = serveEnvelope({ success: true, message: '', data: alice });
    await openWeChat();
    await userEvent.click(screen.getByTestId('wechat-submit'));
    expect(await screen.findByText('请输入验证码！')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('sends the typed code to /api/oauth/wechat, signs in and goes to /', async () => {
    const seen = serveEnvelope({ success: true, message: '', data: alice });
    await openWeChat();
    await userEvent.type(screen.getByTestId('wechat-code'), ' 123456 ');
    await userEvent.click(screen.getByTestId('wechat-submit'));
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/oauth/wechat');
    expect(seen[0]?.method).toBe('get');
    expect(seen[0]?.params).toEqual({ code: '123456' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useSessionStore.getState().user?.username).toBe('wechat_7');
  });

  it("shows the server's message when the code is refused and stays signed out", async () => {
    serveEnvelope({ success: false, message: '验证码错误或已过期', data: null });
    await openWeChat();
    await userEvent.type(screen.getByTestId('wechat-code'), '000000');
    await userEvent.click(screen.getByTestId('wechat-submit'));
    expect(await screen.findByText('验证码错误或已过期')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
