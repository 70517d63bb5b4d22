import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBuildId } from './build-id';
import { overrideRemotes, parseDevRemotes } from './dev-remotes-middleware';
import { DEV_PORTS, REMOTE_NAMES } from './remotes';
import { SHARED_SINGLETONS } from './shared-deps';

describe('shared singletons', () => {
  it('share every library whose state must be one across the console', () => {
    expect(Object.keys(SHARED_SINGLETONS).sort()).toEqual(
      [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
        'react-router',
        'react-router-dom',
        'zustand',
        '@arco-design/web-react',
        '@tanstack/react-query',
        'i18next',
        'react-i18next',
        'axios',
        'zod',
        '@switchyard/console-kit',
        '@switchyard/contracts',
        '@switchyard/contracts/schemas',
      ].sort(),
    );
    for (const config of Object.values(SHARED_SINGLETONS)) expect(config.singleton).toBe(true);
  });
});

describe('build id', () => {
  const appWithVersion = (version: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'sy-build-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
    return dir;
  };

  it('comes from SWITCHYARD_BUILD_ID when set', () => {
    expect(resolveBuildId(appWithVersion('1.2.3'), { SWITCHYARD_BUILD_ID: 'e2e-swap-2' })).toBe(
      'e2e-swap-2',
    );
  });

  it('falls back to the package version', () => {
    expect(resolveBuildId(appWithVersion('1.2.3'), {})).toBe('1.2.3');
  });
});

describe('dev remotes', () => {
  it('parses a list or all, ignoring unknown names', () => {
    expect(parseDevRemotes(undefined)).toEqual([]);
    expect(parseDevRemotes('account, nope,billing')).toEqual(['account', 'billing']);
    expect(parseDevRemotes('all')).toEqual([...REMOTE_NAMES]);
  });

  it('points the named remotes at their dev servers and keeps the rest', () => {
    const merged = overrideRemotes(
      [
        { name: 'account', entry: '/remotes/account/mf-manifest.json' },
        { name: 'billing', entry: 'https://cdn.example.com/billing/mf-manifest.json' },
      ],
      ['account'],
    );
    expect(merged).toContainEqual({
      name: 'account',
      entry: `http://localhost:${DEV_PORTS.account}/mf-manifest.json`,
    });
    expect(merged).toContainEqual({
      name: 'billing',
      entry: 'https://cdn.example.com/billing/mf-manifest.json',
    });
    expect(merged.map((remote) => remote.name).sort()).toEqual([...REMOTE_NAMES].sort());
  });
});
