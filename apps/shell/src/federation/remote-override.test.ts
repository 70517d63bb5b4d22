import { REMOTE_OVERRIDES_KEY } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { applyOverrides, readOverrides, withStoredOverrides } from './remote-override';

const storage = (value: unknown) => ({
  getItem: (key: string) =>
    key === REMOTE_OVERRIDES_KEY && value !== undefined ? JSON.stringify(value) : null,
});
const SERVER = [
  { name: 'account', entry: '/remotes/account/mf-manifest.json' },
  { name: 'settings', entry: '/remotes/settings/mf-manifest.json' },
];

describe('remote overrides', () => {
  it('reads only known remotes with a string entry; anything malformed is none', () => {
    expect(
      readOverrides(
        storage({ settings: 'http://localhost:3105/mf-manifest.json', nope: 'x', account: 3 }),
      ),
    ).toEqual([{ name: 'settings', entry: 'http://localhost:3105/mf-manifest.json' }]);
    expect(readOverrides(storage(['settings']))).toEqual([]);
    expect(readOverrides({ getItem: () => '{not json' })).toEqual([]);
    expect(readOverrides(storage(undefined))).toEqual([]);
  });

  it('swaps an allowed remote and keeps the server entry of the others', () => {
    const result = applyOverrides(SERVER, [
      { name: 'settings', entry: 'http://127.0.0.1:4105/mf-manifest.json' },
    ]);
    expect(result.remotes).toEqual([
      SERVER[0],
      { name: 'settings', entry: 'http://127.0.0.1:4105/mf-manifest.json' },
    ]);
    expect(result.active.map((entry) => entry.name)).toEqual(['settings']);
    expect(result.refused).toEqual([]);
  });

  it('refuses an origin the server does not allow, and everything when it allows none', () => {
    const other = { name: 'account', entry: 'https://cdn.evil.test/mf-manifest.json' };
    const refused = applyOverrides(SERVER, [other]);
    expect(refused.remotes).toEqual(SERVER);
    expect(refused.refused).toEqual([other]);

    const local = { name: 'account', entry: 'http://localhost:3101/mf-manifest.json' };
    expect(applyOverrides(SERVER, [local], []).remotes).toEqual(SERVER);
    expect(applyOverrides(SERVER, [other], ['https://cdn.evil.test']).active).toEqual([other]);
  });

  it('takes the stored entry, not the page address', () => {
    window.history.replaceState(
      null,
      '',
      '/?remote-overrides={"account":"http://localhost:1/m.json"}',
    );
    expect(withStoredOverrides(SERVER, undefined, storage(undefined))).toEqual(SERVER);
  });
});
