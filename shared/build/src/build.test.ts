import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARCO_IMPORT_REWRITES, ARCO_SHELL_EAGER } from './arco';
import { resolveBuildId } from './build-id';
import { overrideRemotes, parseDevRemotes } from './dev-remotes-middleware';
import { loadManifestFromStats } from './load-manifest-plugin';
import { DEV_PORTS, REMOTE_NAMES } from './remotes';
import { SHARED_SINGLETONS, sharedFor } from './shared-deps';

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
        '@tanstack/react-query',
        'i18next',
        'react-i18next',
        'axios',
        '@switchyard/console-kit',
        '@switchyard/console-kit/list',
        '@switchyard/console-kit/quota-input',
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

describe('arco, shared per component', () => {
  const arcoEntries = (role: 'shell' | 'remote') =>
    Object.entries(sharedFor(role)).filter(([key]) => key.startsWith('@arco-design/web-react/'));

  it('covers every component folder of the installed arco, plus the locales and the adapter', () => {
    const keys = arcoEntries('shell').map(([key]) => key);
    for (const component of ['Button', 'Form', 'Table', 'ConfigProvider', 'Message', 'Modal']) {
      expect(keys).toContain(`@arco-design/web-react/es/${component}`);
    }
    expect(keys).toContain('@arco-design/web-react/es/locale/en-US');
    expect(keys).toContain('@arco-design/web-react/es/_util/react-19-adapter');
    expect(keys.length).toBeGreaterThan(60);
  });

  it('has the shell provide every module by path, with the installed version', () => {
    for (const [key, config] of arcoEntries('shell')) {
      expect(config.import, key).toMatch(/node_modules\/@arco-design\/web-react\/es\/.+\.js$/);
      expect(config.version).toMatch(/^2\.\d+\.\d+$/);
      expect(config.singleton).toBe(true);
    }
  });

  it('lets remotes only consume, so every remote component is the shell instance', () => {
    for (const [key, config] of arcoEntries('remote')) expect(config.import, key).toBe(false);
  });

  it('rewrites barrel imports to per-component modules, each with its own styles', () => {
    expect(ARCO_IMPORT_REWRITES).toContainEqual(
      expect.objectContaining({
        libraryName: '@arco-design/web-react',
        libraryDirectory: 'es',
        style: 'css',
      }),
    );
  });
});

describe('arco modules bundled into the shell', () => {
  /**
   * Components the shell and the console kit's main entry import, read from their sources; not
   * the kit's sub-entries (list, quota input), which load with the pages that render them.
   */
  function shellArcoComponents(): string[] {
    const root = join(__dirname, '../../..');
    const kit = join(root, 'shared/console-kit/src');
    const subEntries = [join(kit, 'list'), join(kit, 'forms/quota-input.tsx')];
    const names = new Set<string>();
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (subEntries.includes(path)) continue;
        if (entry.isDirectory()) visit(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.|\/test\//.test(path)) {
          const source = readFileSync(path, 'utf8');
          for (const match of source.matchAll(
            /import \{([^}]+)\} from '@arco-design\/web-react'/g,
          )) {
            for (const name of (match[1] ?? '').split(',')) {
              const trimmed = name.trim();
              if (/^[A-Z]/.test(trimmed)) names.add(trimmed);
            }
          }
        }
      }
    };
    visit(join(root, 'apps/shell/src'));
    visit(join(root, 'shared/console-kit/src'));
    return [...names].sort();
  }

  it('are exactly the components the shell and the console kit’s main entry use', () => {
    const eagerComponents = ARCO_SHELL_EAGER.map((request) =>
      request.replace('@arco-design/web-react/es/', ''),
    ).filter((name) => /^[A-Z]/.test(name));
    expect(eagerComponents.sort()).toEqual(shellArcoComponents());
  });
});

describe('load manifest', () => {
  const provide = (name: string) =>
    `provide shared module (default) ${name}@1.0.0 = /repo/node_modules/${name}/index.js`;
  const consume = (name: string) =>
    `consume shared module (default) ${name}@^1.0.0 (strict) (fallback: /repo/node_modules/${name}/index.js)`;

  it('lists the entry, the bootstrap group and each provided module with what it consumes', () => {
    const manifest = loadManifestFromStats(
      [
        { id: 'p', files: ['static/js/p.1.js'], initial: true, origins: [] },
        {
          id: 'boot',
          files: ['static/js/async/boot.2.js', 'static/css/async/boot.3.css'],
          origins: [{ moduleIdentifier: '/repo/apps/shell/src/index.ts', request: './bootstrap' }],
        },
        {
          id: 'lib',
          files: ['static/js/async/lib-start.4.js'],
          origins: [
            { moduleIdentifier: provide('react-router-dom'), request: '' },
            { moduleIdentifier: provide('@scope/kit'), request: '' },
          ],
        },
        {
          id: 'kit',
          files: ['static/js/async/kit.5.js'],
          origins: [{ moduleIdentifier: provide('@scope/kit'), request: '' }],
        },
      ],
      [
        { identifier: consume('@scope/kit'), chunks: ['boot'] },
        { identifier: consume('react-router-dom'), chunks: ['boot', 'kit'] },
        { identifier: consume('@scope/kit'), chunks: ['kit'] },
      ],
    );
    expect(manifest.entry.js).toEqual(['static/js/p.1.js']);
    expect(manifest.bootstrap).toEqual({
      js: ['static/js/async/boot.2.js'],
      css: ['static/css/async/boot.3.css'],
      requires: ['@scope/kit', 'react-router-dom'],
    });
    expect(manifest.shared['react-router-dom']?.js).toEqual(['static/js/async/lib-start.4.js']);
    expect(manifest.shared['@scope/kit']).toEqual({
      js: ['static/js/async/lib-start.4.js', 'static/js/async/kit.5.js'],
      css: [],
      requires: ['react-router-dom'],
    });
  });
});
