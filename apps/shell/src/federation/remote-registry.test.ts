import { registerRemotes } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID } from '@switchyard/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRemoteMap } from './remote-registry';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: vi.fn() }));

const embedded = { remotes: [{ name: 'account', entry: '/remotes/account-2/mf-manifest.json' }] };
const onDisk = { remotes: [{ name: 'account', entry: '/remotes/account-3/mf-manifest.json' }] };
/** Embeds a map the way the server does: a JSON script element. */
const embed = (map: unknown) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INLINE_REMOTES_ID;
  element.textContent = JSON.stringify(map);
  document.head.append(element);
};

describe('registerRemoteMap', () => {
  afterEach(() => {
    document.getElementById(INLINE_REMOTES_ID)?.remove();
    vi.unstubAllGlobals();
    vi.mocked(registerRemotes).mockClear();
  });

  it('registers the map embedded in the page at start, without fetching /remotes.json', async () => {
    embed(embedded);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await registerRemoteMap()).toEqual(['account']);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledWith(embedded.remotes, { force: false });
  });

  it('reads /remotes.json again when retrying a remote, and forces its new entry', async () => {
    embed(embedded);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(onDisk))),
    );
    await registerRemoteMap({ reload: 'account' });
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith(onDisk.remotes, { force: true });
  });

  it('fetches /remotes.json when nothing valid is embedded', async () => {
    embed({ remotes: 'broken' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(onDisk))),
    );
    expect(await registerRemoteMap()).toEqual(['account']);
    expect(registerRemotes).toHaveBeenCalledWith(onDisk.remotes, { force: false });
  });
});
