import { renderPage } from '@switchyard/console-kit/testing';
import '../../remote'; // the account strings (a section renders without the page's root)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  enableTwoFactor,
  getTwoFactor,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  setupTwoFactor,
} from './identity.api';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

vi.mock('./identity.api', () => ({
  getTwoFactor: vi.fn(),
  setupTwoFactor: vi.fn(),
  enableTwoFactor: vi.fn(),
  disableTwoFactor: vi.fn(),
  listSessions: vi.fn(),
  revokeSession: vi.fn(),
  revokeOtherSessions: vi.fn(),
  unbindOidc: vi.fn(),
}));

const session = (id: string, agent: string, current: boolean) => ({
  id,
  user_agent: agent,
  ip: '10.0.0.1',
  created_at: 1_800_000_000,
  last_seen_at: 1_800_000_100,
  current,
});

describe('SessionsSection', () => {
  it('lists sessions, marks this one, signs another out and all others out', async () => {
    vi.mocked(listSessions).mockResolvedValue([
      session('a'.repeat(64), 'Firefox', true),
      session('b'.repeat(64), 'Safari', false),
    ]);
    vi.mocked(revokeSession).mockResolvedValue(undefined);
    vi.mocked(revokeOtherSessions).mockResolvedValue({ access_token: 'new-token-1' });
    await renderPage(<SessionsSection />, { path: '/setting', url: '/setting', language: 'en' });
    expect(await screen.findByText('Safari')).toBeInTheDocument();
    expect(screen.getByText('This session')).toBeInTheDocument();
    const signOut = screen.getAllByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveLength(1);
    await userEvent.click(signOut[0] as HTMLElement);
    await waitFor(() => expect(vi.mocked(revokeSession).mock.calls[0]?.[0]).toBe('b'.repeat(64)));

    await userEvent.click(screen.getByTestId('personal-sessions-rotate'));
    await userEvent.click(screen.getByTestId('personal-sessions-revoke-all'));
    await waitFor(() => expect(revokeOtherSessions).toHaveBeenCalledWith(true));
    expect(await screen.findByDisplayValue('new-token-1')).toBeInTheDocument();
  });
});

describe('TwoFactorSection', () => {
  it('sets up with a QR code and secret, and shows the recovery codes once enabled', async () => {
    vi.mocked(getTwoFactor).mockResolvedValue({ enabled: false });
    vi.mocked(setupTwoFactor).mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Switchyard:alice?secret=JBSWY3DPEHPK3PXP',
    });
    vi.mocked(enableTwoFactor).mockResolvedValue({
      recovery_codes: ['abcde-12345', 'fghij-67890'],
    });
    await renderPage(<TwoFactorSection />, { path: '/setting', url: '/setting', language: 'zh' });
    expect(await screen.findByText('未启用')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('personal-2fa-setup'));
    expect(await screen.findByTestId('personal-2fa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(document.querySelector('svg')).not.toBeNull();
    await userEvent.type(screen.getByTestId('personal-2fa-code'), '123456');
    vi.mocked(getTwoFactor).mockResolvedValue({ enabled: true });
    await userEvent.click(screen.getByTestId('personal-2fa-enable'));
    await waitFor(() => expect(enableTwoFactor).toHaveBeenCalledWith('123456'));
    expect(await screen.findByTestId('personal-2fa-recovery')).toHaveTextContent('abcde-12345');
    expect(await screen.findByText('已启用')).toBeInTheDocument();
  });
});
