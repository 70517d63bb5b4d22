import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARCO_IMPORT_REWRITES,
  ARCO_REMOTE_IMPORT_REWRITES,
  ARCO_SHELL_EAGER,
  ARCO_SIGN_IN,
  dropRightToLeftRules,
} from './arco';
import { resolveBuildId } from './build-id';
import { SHELL_CHUNK_SPLIT } from './chunk-groups';
import { overrideRemotes, parseDevRemotes } from './dev-remotes-middleware';
import { loadManifestFromStats } from './load-manifest-plugin';
import { DEV_PORTS, REMOTE_NAMES } from './remotes';
import {
  PROVIDED_ONLY_PREFIX,
  providedOnly,
  SHARED_SINGLETONS,
  SURFACES,
  sharedFor,
} from './shared-deps';

describe('shared singletons', () => {
  it('share every library whose state must be one across the console', () => {
    expect(Object.keys(SHARED_SINGLETONS).sort()).toEqual(
      [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
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
      ].sort(),
    );
    for (const config of Object.values(SHARED_SINGLETONS)) expect(config.singleton).toBe(true);
  });
});

describe('what the shell provides', () => {
  it('provides every shared module under its name and consumes none of them itself', () => {
    const shell = sharedFor('shell');
    const table = providedOnly(shell);
    expect(Object.keys(table)).toHaveLength(Object.keys(shell).length);
    for (const [key, config] of Object.entries(table)) {
      // The key is the request the build consumes: one no source imports.
      expect(key.startsWith(PROVIDED_ONLY_PREFIX)).toBe(true);
      const name = key.slice(PROVIDED_ONLY_PREFIX.length);
      expect(config.shareKey).toBe(name);
      expect(config.import, name).toBe(shell[name]?.import ?? name);
    }
    expect(table[`${PROVIDED_ONLY_PREFIX}react`]).toMatchObject({
      shareKey: 'react',
      import: 'react',
    });
  });

  it('provides the kit’s list and quota input by path, which remotes only consume', () => {
    for (const name of ['@switchyard/console-kit/list', '@switchyard/console-kit/quota-input']) {
      expect(sharedFor('shell')[name]?.import).toMatch(/shared\/console-kit\/src\/.+\.tsx?$/);
      expect(sharedFor('shell')[name]?.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(sharedFor('remote')[name]?.import).toBe(false);
    }
  });
});

describe('libraries shared as a surface', () => {
  const root = join(__dirname, '../../..');

  /** Value names imported from `library` by the console's sources (apps and shared, not tests). */
  function importedNames(library: string): Map<string, string> {
    const names = new Map<string, string>();
    const pattern = new RegExp(`import \\{([^}]+)\\} from '${library}'`, 'g');
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (['node_modules', 'dist', 'testing', 'test'].includes(entry.name)) continue;
        if (entry.isDirectory()) visit(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)) {
          for (const match of readFileSync(path, 'utf8').matchAll(pattern)) {
            for (const part of (match[1] ?? '').split(',')) {
              const name = part.trim();
              if (name && !name.startsWith('type ')) names.set(name, path);
            }
          }
        }
      }
    };
    for (const group of ['apps', 'shared']) visit(join(root, group));
    return names;
  }

  it('has the shell provide its own module, with the library’s version, and remotes consume it', () => {
    for (const [name, file] of Object.entries(SURFACES)) {
      expect(sharedFor('shell')[name]?.import).toBe(file);
      expect(sharedFor('shell')[name]?.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(sharedFor('remote')[name]?.import).toBe(false);
    }
  });

  /** The names a surface file re-exports (its `export { … } from` lists). */
  const exportsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/export \{([^}]+)\} from/g)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );

  it('exports every name a page, the shell or the kit imports from the library', () => {
    for (const [library, file] of Object.entries(SURFACES)) {
      const surface = exportsOf(file ?? '');
      expect(surface.length).toBeGreaterThan(0);
      for (const [name, path] of importedNames(library)) {
        expect(surface, `${name} (${path})`).toContain(name);
      }
    }
  });

  it('re-export names the library has', async () => {
    const libraries = {
      'react-router-dom': await import('react-router-dom'),
      'react-i18next': await import('react-i18next'),
      '@tanstack/react-query': await import('@tanstack/react-query'),
    } as Record<string, Record<string, unknown>>;
    for (const [library, file] of Object.entries(SURFACES)) {
      for (const name of exportsOf(file ?? '')) {
        expect(libraries[library]?.[name], `${library} ${name}`).toBeDefined();
      }
    }
  });

  it('leaves no source importing react-router itself (its copy would be a second router)', () => {
    expect([...importedNames('react-router').values()]).toEqual([]);
  });
});

describe('the list’s file', () => {
  const groups = (
    SHELL_CHUNK_SPLIT as { override: { cacheGroups: Record<string, { test: RegExp }> } }
  ).override.cacheGroups;
  const inList = (path: string) => groups.arcoList?.test.test(path);

  it('holds the kit’s list, the Arco parts and icons only lists render, not the desktop table', () => {
    const modules = '/repo/node_modules/@arco-design/web-react';
    expect(inList(`${modules}/es/Pagination/index.js`)).toBe(true);
    expect(inList(`${modules}/icon/react-icon/IconFilter/index.js`)).toBe(true);
    expect(inList('/repo/node_modules/lodash/escapeRegExp.js')).toBe(true);
    expect(inList('/repo/shared/console-kit/src/list/list-toolbar.tsx')).toBe(true);
    expect(inList('/repo/shared/console-kit/src/list/desktop-table.tsx')).toBe(false);
    expect(inList(`${modules}/es/Table/index.js`)).toBe(false);
    expect(inList(`${modules}/icon/react-icon/IconSearch/index.js`)).toBe(false);
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

describe('arco’s right-to-left rules', () => {
  /** A PostCSS rule as the plugin sees it: its selectors, and whether it was removed. */
  const rule = (selectors: string[]) => {
    const node = { selectors, removed: false, remove: () => {} };
    node.remove = () => {
      node.removed = true;
    };
    dropRightToLeftRules.Rule(node);
    return node;
  };

  it('leaves out a rule that only styles the right-to-left layout', () => {
    expect(rule(['.arco-btn-rtl']).removed).toBe(true);
    expect(
      rule(['.arco-col-rtl.arco-col-offset-1', '.arco-input-group-wrapper-rtl .arco-input'])
        .removed,
    ).toBe(true);
  });

  it('keeps every other selector of a rule, and every rule without one', () => {
    const mixed = rule(['.arco-btn-rtl .arco-icon', '.arco-btn .arco-icon']);
    expect(mixed.removed).toBe(false);
    expect(mixed.selectors).toEqual(['.arco-btn .arco-icon']);
    for (const selector of ['.arco-btn', '.arco-rtl-like', '.sy-rtl', '[dir=rtl] .arco-btn']) {
      expect(rule([selector]).removed, selector).toBe(false);
    }
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
      expect(config.import, key).toMatch(
        /node_modules\/(@arco-design\/web-react\/es|\.cache\/switchyard-arco)\/.+\.js$/,
      );
      expect(config.version).toMatch(/^2\.\d+\.\d+$/);
      expect(config.singleton).toBe(true);
    }
  });

  it('lets remotes only consume, so every remote component is the shell instance', () => {
    for (const [key, config] of arcoEntries('remote')) expect(config.import, key).toBe(false);
  });

  it('has the shell provide each component with its styles, which remotes never bundle', () => {
    const table = sharedFor('shell')['@arco-design/web-react/es/Table'];
    const source = readFileSync(String(table?.import), 'utf8');
    expect(source).toMatch(/import ".*\/es\/Table\/style\/css\.js";/);
    expect(source).toMatch(/export \* from ".*\/es\/Table\/index\.js";/);
    expect(source).toMatch(/export \{ default \} from ".*\/es\/Table\/index\.js";/);
    // A module without styles (the React 19 adapter) is provided as it is.
    expect(sharedFor('shell')['@arco-design/web-react/es/_util/react-19-adapter']?.import).toMatch(
      /es\/_util\/react-19-adapter\.js$/,
    );
    expect(ARCO_REMOTE_IMPORT_REWRITES).toEqual([
      expect.not.objectContaining({ style: expect.anything() }),
      expect.not.objectContaining({ style: expect.anything() }),
    ]);
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
  const root = join(__dirname, '../../..');

  /** Arco component names imported by the .ts/.tsx files under `dir`, minus `skip` paths. */
  function arcoComponentsIn(dir: string, skip: readonly string[] = []): Set<string> {
    const names = new Set<string>();
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (skip.includes(path)) continue;
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
    visit(dir);
    return names;
  }

  /**
   * Components the shell's start and the console kit's main entry import, read from their sources;
   * not the shell's pages and phone drawer (lazy) nor the kit's sub-entries (list, quota input),
   * which load with the pages that render them.
   */
  function startArcoComponents(): string[] {
    const shell = join(root, 'apps/shell/src');
    const kit = join(root, 'shared/console-kit/src');
    return [
      ...arcoComponentsIn(shell, [join(shell, 'pages'), join(shell, 'layout/deferred')]),
      ...arcoComponentsIn(kit, [join(kit, 'list'), join(kit, 'forms/quota-input.tsx')]),
    ]
      .filter((name, index, all) => all.indexOf(name) === index)
      .sort();
  }

  const eagerComponents = () =>
    ARCO_SHELL_EAGER.map((request) => request.replace('@arco-design/web-react/es/', '')).filter(
      (name) => /^[A-Z]/.test(name),
    );

  it('are the components the shell’s start and the console kit’s main entry use', () => {
    const start = eagerComponents().filter((name) => !ARCO_SIGN_IN.includes(name));
    expect(start.sort()).toEqual(startArcoComponents());
  });

  it('and, of the sign-in page’s, only what it uses and the start does not', () => {
    const signIn = arcoComponentsIn(join(root, 'apps/account/src/pages/login'));
    for (const component of arcoComponentsIn(join(root, 'apps/account/src/components'))) {
      signIn.add(component);
    }
    for (const name of ARCO_SIGN_IN) {
      expect(signIn.has(name), name).toBe(true);
      expect(startArcoComponents(), name).not.toContain(name);
    }
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
        { identifier: provide('react'), chunks: ['p'] },
        { identifier: provide('react-router-dom'), chunks: ['lib'] },
        { identifier: provide('@scope/kit'), chunks: ['lib'] },
        { identifier: consume('@scope/kit'), chunks: ['boot'] },
        { identifier: consume('react-router-dom'), chunks: ['boot', 'kit'] },
        { identifier: consume('@scope/kit'), chunks: ['kit'] },
      ],
    );
    expect(manifest.entry.js).toEqual(['static/js/p.1.js']);
    expect(manifest.provided).toEqual(['@scope/kit', 'react', 'react-router-dom']);
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
    }); // Per script, what loading it asks for next (a page's chunks shared with other pages included).
    expect(manifest.consumes).toEqual({
      'static/js/async/boot.2.js': ['@scope/kit', 'react-router-dom'],
      'static/js/async/kit.5.js': ['react-router-dom', '@scope/kit'],
    });
  });
});
