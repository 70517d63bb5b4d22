import { renderPage } from '@switchyard/console-kit/testing';
import '../../remote'; // the account strings (a section renders without the page's root)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addPasskey, deletePasskey, listPasskeys } from './passkeys.api';
import { PasskeysSection } from './passkeys-section';

vi.mock('./passkeys.api', () => ({
  listPasskeys: vi.fn(),
  addPasskey: vi.fn(),
  deletePasskey: vi.fn(),
}));

const entry = (id: number, name: string, lastUsed = 0) => ({
  id,
  name,
  created_at: 1_800_000_000,
  last_used_at: lastUsed,
  backed_up: id === 2,
});

/** jsdom has no WebAuthn; the section offers to add a passkey only where the browser has it. */
function withWebAuthn(present: boolean) {
  if (present) vi.stubGlobal('PublicKeyCredential', class {});
  else vi.unstubAllGlobals();
}

describe('PasskeysSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists passkeys, adds one under the typed name and deletes one', async () => {
    withWebAuthn(true);
    vi.mocked(listPasskeys).mockResolvedValue([entry(1, 'Laptop', 1_800_000_100), entry(2, '')]);
    vi.mocked(addPasskey).mockResolvedValue(entry(3, 'Phone'));
    vi.mocked(deletePasskey).mockResolvedValue(undefined);
    await renderPage(<PasskeysSection />, { path: '/setting', url: '/setting', language: 'en' });
    expect(await screen.findByText('Laptop')).toBeInTheDocument();
    expect(screen.getByText('Passkey #2')).toBeInTheDocument();
    expect(screen.getByText('Synced')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('personal-passkey-name'), 'Phone');
    await userEvent.click(screen.getByTestId('personal-passkey-add'));
    await waitFor(() => expect(addPasskey).toHaveBeenCalledWith('Phone'));
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete passkey Laptop' }));
    await waitFor(() => expect(vi.mocked(deletePasskey).mock.calls[0]?.[0]).toBe(1));
  });

  it("says why the browser's prompt failed", async () => {
    withWebAuthn(true);
    vi.mocked(listPasskeys).mockResolvedValue([]);
    const cancelled = Object.assign(
      new Error('The operation either timed out or was not allowed'),
      {
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      },
    );
    vi.mocked(addPasskey).mockRejectedValue(cancelled);
    await renderPage(<PasskeysSection />, { path: '/setting', url: '/setting', language: 'zh' });
    expect(await screen.findByText('还没有通行密钥')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('personal-passkey-add'));
    expect(await screen.findByText('已取消，或没有选择通行密钥')).toBeInTheDocument();
  });

  it('offers no button where the browser has no WebAuthn', async () => {
    withWebAuthn(false);
    vi.mocked(listPasskeys).mockResolvedValue([]);
    await renderPage(<PasskeysSection />, { path: '/setting', url: '/setting', language: 'en' });
    expect(await screen.findByText('This browser does not support passkeys')).toBeInTheDocument();
    expect(screen.queryByTestId('personal-passkey-add')).toBeNull();
  });
});
