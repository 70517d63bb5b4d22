import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SessionUser } from '@switchyard/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadCurrentPage } from './preload-current-page';
import { forgetRemotePages, loadRemotePage } from './remote-page';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(async () => ({ LoginPage: () => 'login form' })),
  registerRemotes: vi.fn(),
}));

const user = (role: number): SessionUser => ({
  id: 2,
  username: 'u',
  display_name: 'u',
  role,
  status: 1,
  group: 'default',
});

describe('preloadCurrentPage', () => {
  beforeEach(() => {
    forgetRemotePages();
    vi.mocked(loadRemote).mockClear();
  });

  it("starts fetching the opened page's remote module", () => {
    preloadCurrentPage('/login', null);
    expect(loadRemote).toHaveBeenCalledWith('account/LoginPage');
  });

  it('never fetches a page the user may not open', () => {
    preloadCurrentPage('/channel', user(1));
    preloadCurrentPage('/setting', null);
    preloadCurrentPage('/token', null);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('fetches admin pages for admins, and nothing for shell pages or unknown paths', () => {
    preloadCurrentPage('/channel/edit/7', user(10));
    preloadCurrentPage('/', user(10));
    preloadCurrentPage('/nowhere', user(10));
    expect(vi.mocked(loadRemote).mock.calls).toEqual([['channels/ChannelEditPage']]);
  });

  it('shares the fetch with the page rendered afterwards', async () => {
    preloadCurrentPage('/login', null);
    const Page = (await loadRemotePage('account/LoginPage')) as () => string;
    expect(Page()).toBe('login form');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });
});
