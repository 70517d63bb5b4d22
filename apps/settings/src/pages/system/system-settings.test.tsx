import { renderPage } from '@switchyard/console-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeServer, fakeOptionServer } from '../../test/fake-option-server';
import { SystemSettings } from './system-settings';

let server: FakeServer;
afterEach(() => server.restore());

async function open(initial: Parameters<typeof fakeOptionServer>[0] = {}) {
  server = fakeOptionServer(initial);
  await renderPage(<SystemSettings />);
  return screen.findByTestId('section-login');
}

describe('SystemSettings', { timeout: 20_000 }, () => {
  it('shows secrets as set or unset, never their value', async () => {
    await open({ SMTPToken: 'smtp-hidden-value', GitHubClientSecret: '' });
    expect(screen.getByTestId('secret-state-SMTPToken')).toHaveTextContent('已设置');
    expect(screen.getByTestId('secret-state-GitHubClientSecret')).toHaveTextContent('未设置');
    expect(screen.getByTestId('option-SMTPToken')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('smtp-hidden-value');
  });

  it('sends a typed secret, and an untouched secret is not sent', async () => {
    await open({ SMTPToken: 'old' });
    await userEvent.type(screen.getByTestId('option-SMTPServer'), 'smtp.example.com');
    await userEvent.click(screen.getByTestId('save-smtp'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.puts).toEqual([{ key: 'SMTPServer', value: 'smtp.example.com' }]);

    await userEvent.type(screen.getByTestId('option-GitHubClientSecret'), 'new-secret');
    await userEvent.click(screen.getByTestId('save-github'));
    await waitFor(() =>
      expect(screen.getByTestId('secret-state-GitHubClientSecret')).toHaveTextContent('已设置'),
    );
    expect(server.puts.at(-1)).toEqual({ key: 'GitHubClientSecret', value: 'new-secret' });
    expect(screen.getByTestId('option-GitHubClientSecret')).toHaveValue('');
  });

  it('clears a secret', async () => {
    await open({ TelegramBotToken: 'tg' });
    await userEvent.click(screen.getByTestId('clear-TelegramBotToken'));
    await waitFor(() =>
      expect(screen.getByTestId('secret-state-TelegramBotToken')).toHaveTextContent('未设置'),
    );
    expect(server.puts).toEqual([{ key: 'TelegramBotToken', value: '' }]);
  });

  it('asks before turning password login off; cancelling keeps it on', async () => {
    await open();
    const toggle = screen.getByTestId('option-PasswordLoginEnabled');
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要关闭密码登录吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByTestId('save-login'));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeInTheDocument();

    await userEvent.click(toggle);
    const again = await screen.findByText('确定要关闭密码登录吗？');
    const confirmDialog = again.closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(confirmDialog).getByRole('button', { name: '确定' }));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByTestId('save-login'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.puts).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]);
  });

  it('turning password login on needs no confirmation', async () => {
    await open({ PasswordLoginEnabled: 'false' });
    await userEvent.click(screen.getByTestId('option-PasswordLoginEnabled'));
    // On at once: no dialog stood in between.
    expect(screen.getByTestId('option-PasswordLoginEnabled')).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('wants the server address before payment settings', async () => {
    await open({ ServerAddress: '' });
    await userEvent.type(screen.getByTestId('option-PayAddress'), 'https://pay.example.com');
    await userEvent.click(screen.getByTestId('save-payment'));
    expect(await screen.findByText('请先填写服务器地址')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });

  it('refuses an invalid top-up group ratio with the spec message', async () => {
    await open({ ServerAddress: 'https://yard.example.com' });
    const editor = screen.getByTestId('option-TopupGroupRatio');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'vip=2');
    await userEvent.click(screen.getByTestId('save-payment'));
    expect(await screen.findByText('充值分组倍率不是合法的 JSON 字符串')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });

  it('shows the server refusal when a switch lacks its settings', async () => {
    await open();
    server.refuse.set('GitHubOAuthEnabled', '请先填写 GitHub Client ID');
    await userEvent.click(screen.getByTestId('option-GitHubOAuthEnabled'));
    await userEvent.click(screen.getByTestId('save-login'));
    expect(await screen.findByText('保存失败，请重试')).toBeInTheDocument();
    expect(screen.getByTestId('failures-login')).toHaveTextContent('请先填写 GitHub Client ID');
  });
});
