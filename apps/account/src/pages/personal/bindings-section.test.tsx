import { Message } from '@arco-design/web-react';
import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { SelfUser } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selfUser, serveEnvelope } from '../../test/fixtures';
import '../../remote'; // the account strings (a section renders without the page's root)
import { BindingsSection } from './bindings-section';

const self = selfUser();

const open = (user: SelfUser = self) =>
  renderPage(<BindingsSection self={user} />, { path: '/setting', url: '/setting?tab=personal' });

describe('BindingsSection WeChat', () => {
  beforeEach(() => {
    Message.clear();
    useSessionStore.setState(loadSessionData());
    useSessionStore.setState({
      status: { wechat_login: true, wechat_qrcode: 'https://mp.example.test/qr.png' } as never,
    });
  });

  it('offers no WeChat binding when WeChat sign-in is off', async () => {
    useSessionStore.setState({ status: { wechat_login: false } as never });
    await open();
    expect(screen.queryByTestId('personal-bind-wechat')).not.toBeInTheDocument();
  });

  it('sends the code to /api/oauth/wechat/bind, says so, closes the dialog and clears the code', async () => {
    const seen = serveEnvelope({ success: true, message: '绑定成功', data: null });
    await open();
    expect(screen.getByTestId('personal-wechat')).toHaveTextContent('未绑定');
    await userEvent.click(screen.getByTestId('personal-bind-wechat'));
    expect(
      await screen.findByText('绑定微信账号', { selector: '.arco-modal-title' }),
    ).toBeVisible();
    await userEvent.type(await screen.findByTestId('wechat-code'), '654321');
    await userEvent.click(screen.getByTestId('wechat-submit'));
    expect(await screen.findByText('绑定成功！')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/oauth/wechat/bind');
    expect(seen[0]?.params).toEqual({ code: '654321' });
    await waitFor(() => expect(screen.queryByTestId('wechat-modal')).not.toBeVisible());
    await userEvent.click(screen.getByTestId('personal-bind-wechat'));
    expect(screen.getByTestId('wechat-code')).toHaveValue('');
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    serveEnvelope({ success: false, message: '该微信账户已被绑定', data: null });
    await open();
    await userEvent.click(screen.getByTestId('personal-bind-wechat'));
    await userEvent.type(await screen.findByTestId('wechat-code'), '654321');
    await userEvent.click(screen.getByTestId('wechat-submit'));
    expect(await screen.findByText('该微信账户已被绑定')).toBeInTheDocument();
    expect(screen.getByTestId('wechat-modal')).toBeVisible();
  });

  it('shows a bound WeChat account and disables binding another', async () => {
    await open({ ...self, wechat_id: 'wx-openid-1' });
    expect(screen.getByTestId('personal-wechat')).toHaveTextContent('已绑定');
    expect(screen.getByTestId('personal-bind-wechat')).toBeDisabled();
  });
});

describe('BindingsSection Telegram', () => {
  beforeEach(() => {
    useSessionStore.setState(loadSessionData());
    useSessionStore.setState({
      status: { telegram_oauth: true, telegram_bot_name: 'switchyard_bot' } as never,
    });
  });

  it('offers the widget that sends the browser to the bind URL while unbound', async () => {
    serveEnvelope({ success: true, message: '', data: 'st.at.e' });
    await open();
    await waitFor(() =>
      expect(screen.getByTestId('telegram-widget').querySelector('script')).toBeTruthy(),
    );
    const script = screen.getByTestId('telegram-widget').querySelector('script');
    expect(script?.dataset.authUrl).toBe(
      `${window.location.origin}/api/oauth/telegram/bind?state=st.at.e`,
    );
    expect(script?.dataset.telegramLogin).toBe('switchyard_bot');
  });

  it('shows the bound Telegram id and no widget', async () => {
    await open({ ...self, telegram_id: '5001' });
    expect(screen.getByText('5001')).toBeInTheDocument();
    expect(screen.queryByTestId('telegram-widget')).not.toBeInTheDocument();
  });
});

describe('BindingsSection OpenID Connect', () => {
  beforeEach(() => {
    Message.clear();
    useSessionStore.setState(loadSessionData());
    useSessionStore.setState({
      status: { oidc: true, oidc_button_text: 'Company SSO' } as never,
    });
  });

  it('offers to bind under the provider’s name when not bound', async () => {
    await open();
    expect(screen.getByText(/Company SSO/)).toBeInTheDocument();
    expect(screen.getByTestId('personal-oidc')).toHaveTextContent('未绑定');
    expect(screen.getByTestId('personal-bind-oidc')).toBeInTheDocument();
  });

  it('removes a binding with DELETE /api/oauth/oidc', async () => {
    const seen = serveEnvelope({ success: true, message: '已解除绑定', data: null });
    await open({ ...self, oidc_id: 'sub-1' });
    expect(screen.getByTestId('personal-oidc')).toHaveTextContent('已绑定');
    await userEvent.click(screen.getByTestId('personal-unbind-oidc'));
    await waitFor(() =>
      expect(seen.map((request) => `${request.method} ${request.url}`)).toContain(
        'delete /api/oauth/oidc',
      ),
    );
    expect(await screen.findByText('已解除绑定')).toBeInTheDocument();
  });
});
