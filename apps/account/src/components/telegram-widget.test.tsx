import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { LoginPage } from '../pages/login/login-page';
import type { TelegramAuth } from '../pages/oauth/oauth.api';
import { serveEnvelope } from '../test/fixtures';
import { TelegramWidget } from './telegram-widget';

const auth: TelegramAuth = {
  id: 5001,
  first_name: 'Tele',
  username: 'tele_user',
  auth_date: 1_763_000_000,
  hash: 'abc123',
};

const widgetScript = () =>
  screen.getByTestId('telegram-widget').querySelector('script') as HTMLScriptElement;
const telegramCallback = () =>
  (window as { switchyardTelegramAuth?: (a: TelegramAuth) => void }).switchyardTelegramAuth;

describe('TelegramWidget', () => {
  beforeEach(() => {
    Message.clear();
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
    useSessionStore.setState({
      status: { telegram_oauth: true, telegram_bot_name: 'switchyard_bot' } as never,
    });
  });

  it('renders nothing while Telegram sign-in is off, even with a bot name', async () => {
    useSessionStore.setState({
      status: { telegram_oauth: false, telegram_bot_name: 'switchyard_bot' } as never,
    });
    await renderPage(<TelegramWidget onAuth={() => {}} />, { url: '/' });
    expect(screen.queryByTestId('telegram-widget')).not.toBeInTheDocument();
    expect(document.querySelector('script[data-telegram-login]')).toBeNull();
  });

  it('to bind, loads the widget script with the bot name and our bind URL with a session state, and no callback', async () => {
    const seen = serveEnvelope({ success: true, message: '', data: '1.nonce.mac' });
    await renderPage(<TelegramWidget />, { url: '/' });
    await waitFor(() => expect(widgetScript()).toBeTruthy());
    const script = widgetScript();
    expect(seen.map((request) => request.url)).toEqual(['/api/oauth/state']);
    expect(script.src).toMatch(/^https:\/\/telegram\.org\/js\/telegram-widget\.js/);
    expect(script.dataset.telegramLogin).toBe('switchyard_bot');
    expect(script.dataset.authUrl).toBe(
      `${window.location.origin}/api/oauth/telegram/bind?state=1.nonce.mac`,
    );
    expect(script.dataset.onauth).toBeUndefined();
    expect(telegramCallback()).toBeUndefined();
  });

  it('to sign in, names a global callback that hands over the fields, and removes it when gone', async () => {
    const onAuth = vi.fn();
    const view = await renderPage(<TelegramWidget onAuth={onAuth} />, { url: '/' });
    const script = widgetScript();
    expect(script.dataset.telegramLogin).toBe('switchyard_bot');
    expect(script.dataset.onauth).toBe('switchyardTelegramAuth(user)');
    expect(script.dataset.authUrl).toBeUndefined();
    telegramCallback()?.(auth);
    expect(onAuth).toHaveBeenCalledWith(auth);
    view.unmount();
    expect(telegramCallback()).toBeUndefined();
  });

  it('on the login page, sends the fields to /api/oauth/telegram/login and signs in', async () => {
    const seen = serveEnvelope({
      success: true,
      message: '',
      data: {
        id: 9,
        username: 'telegram_9',
        display_name: '',
        role: 1,
        status: 1,
        group: 'default',
      },
    });
    await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    act(() => telegramCallback()?.(auth));
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/oauth/telegram/login');
    expect(seen[0]?.params).toEqual(auth);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useSessionStore.getState().user?.username).toBe('telegram_9');
  });

  it("on the login page, shows the server's refusal and stays signed out", async () => {
    serveEnvelope({ success: false, message: 'Telegram 校验失败', data: null });
    await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    act(() => telegramCallback()?.(auth));
    expect(await screen.findByText('Telegram 校验失败')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
