// Arco Design, shared per component instead of as one 950 KB library.
//
// Barrel imports (`import { Button } from '@arco-design/web-react'`) are rewritten to the
// component's own module (`@arco-design/web-react/es/Button`), and each component module is a
// federation singleton of its own. The shell provides every component (each a lazy chunk, fetched
// only when some page uses it); remotes provide none (`import: false`), so every remote component
// is the shell's instance and Arco's internal relative imports — ConfigProvider's context, the
// React 19 render adapter — always resolve inside the shell's build: one context, one theme,
// one locale. A browser downloads only the components the pages it opens use.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { ModifyRspackConfigUtils, RsbuildConfig, Rspack } from '@rsbuild/core';
import type { SingletonConfig } from './shared-deps';

const ARCO = '@arco-design/web-react';
const require = createRequire(import.meta.url);
const packageJson = require.resolve(`${ARCO}/package.json`);
const esDir = join(dirname(packageJson), 'es');
/** The installed version: given explicitly, since a module provided by path carries none. */
const ARCO_VERSION: string = (require(packageJson) as { version: string }).version;

/** Component folders of arco's ES build (Button, Form, …) plus the modules apps import by path. */
export const ARCO_MODULES: readonly string[] = [
  ...readdirSync(esDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Z]/.test(entry.name))
    .map((entry) => `${ARCO}/es/${entry.name}`),
  `${ARCO}/es/locale/en-US`,
  `${ARCO}/es/locale/zh-CN`,
  `${ARCO}/es/_util/react-19-adapter`,
];

/**
 * The arco modules the shell's start and the console kit's main entry render (layout, top bar,
 * messages, fallbacks, the kit's form helper): bundled into the shell's first chunk (`eager`)
 * instead of one request each. Not what only a later page renders: the shell's own pages and the
 * phone drawer load when first opened (Tabs, Empty, Drawer), and the kit's list table and quota
 * input (Table, Pagination, Checkbox, InputNumber) are its sub-entries. Kept in step with the
 * shell's start and the kit's main entry by a test.
 */
const ARCO_START: readonly string[] = [
  'Avatar',
  'Button',
  'ConfigProvider',
  'Dropdown',
  'Form',
  'Layout',
  'Menu',
  'Message',
  'Modal',
  'Result',
  'Space',
  'Spin',
  'Tooltip',
];

/**
 * What the sign-in page renders beyond that (a guest's first page, in the account remote): in the
 * first chunk too, rather than one more request before the form shows.
 */
export const ARCO_SIGN_IN: readonly string[] = ['Input', 'Typography'];

export const ARCO_SHELL_EAGER: readonly string[] = [
  ...ARCO_START,
  ...ARCO_SIGN_IN,
  'locale/en-US',
  'locale/zh-CN',
  '_util/react-19-adapter',
].map((name) => `${ARCO}/es/${name}`);

/** Where the build writes the modules below (node_modules/.cache/switchyard-arco). */
export const ARCO_GENERATED_FOLDER = 'switchyard-arco';
const GENERATED_DIR = join(dirname(packageJson), '..', '..', '.cache', ARCO_GENERATED_FOLDER);

/**
 * The module the shell provides for an arco component: the component with its styles
 * (`es/<Component>/style/css.js`: its CSS, the base styles and those of what it renders), so the
 * CSS comes with the shell's one copy of the component, in the same chunk group. Remotes import no
 * arco styles of their own (ARCO_REMOTE_IMPORT_REWRITES): each remote's page CSS repeated the
 * base styles and every component's that the shell's start already had (on /token, 45 KiB of the
 * 65 KiB of CSS sent). A module without styles is provided as it is.
 */
function withStyles(request: string): string {
  const file = require.resolve(request);
  const style = styleOf(request);
  if (!style) return file;
  const hasDefault = /\bexport default\b|\bas default\b/.test(readFileSync(file, 'utf8'));
  return generated(
    request.slice(`${ARCO}/es/`.length).replace(/\//g, '-'),
    [
      `import ${JSON.stringify(style)};`,
      `export * from ${JSON.stringify(file)};`,
      hasDefault ? `export { default } from ${JSON.stringify(file)};` : '',
      '',
    ].join('\n'),
  );
}

/** Writes (when changed) a generated module and returns its path. */
function generated(name: string, source: string): string {
  const file = join(GENERATED_DIR, `${name}.js`);
  mkdirSync(GENERATED_DIR, { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
  return file;
}

const styleOf = (request: string): string | null => {
  const style = join(dirname(require.resolve(request)), 'style', 'css.js');
  return existsSync(style) ? style : null;
};

/**
 * A module importing the styles of the arco modules in the shell's entry (eager): the shell's start
 * imports it, so their CSS is in the start's stylesheet, loaded beside the start's code.
 */
export function arcoStartStylesModule(): string {
  const styles = ARCO_SHELL_EAGER.map(styleOf).filter((style) => style !== null);
  return generated(
    'start-styles',
    `${styles.map((style) => `import ${JSON.stringify(style)};`).join('\n')}\n`,
  );
}

/**
 * The arco folders whose CSS the start's styles take in (the entry's components, what their styles
 * import in turn, and the base styles): the start's stylesheet carries them, every other
 * component's CSS comes with that component.
 */
export const ARCO_START_STYLE_FOLDERS: readonly string[] = (() => {
  const folders = new Set<string>(['style']);
  const visit = (style: string) => {
    for (const [, folder] of readFileSync(style, 'utf8').matchAll(
      /'\.\.\/\.\.\/(\w+)\/style\/css\.js'/g,
    )) {
      if (folder && !folders.has(folder)) {
        folders.add(folder);
        visit(join(esDir, folder, 'style', 'css.js'));
      }
    }
  };
  for (const request of ARCO_SHELL_EAGER) {
    const style = styleOf(request);
    if (!style) continue;
    folders.add(basename(dirname(dirname(style))));
    visit(style);
  }
  return [...folders].sort();
})();

/** Shared entries for every arco module; `provide: false` for remotes (consume the shell's). */
export function arcoSharedModules(provide: boolean): Record<string, SingletonConfig> {
  return Object.fromEntries(
    ARCO_MODULES.map((request) => {
      // In the shell's entry, whose styles would be a render-blocking stylesheet: an eager
      // module's styles come with the start's instead (arcoStartStylesModule).
      const eager = provide && ARCO_SHELL_EAGER.includes(request);
      const config: SingletonConfig = {
        singleton: true,
        requiredVersion: '^2.66.0',
        version: ARCO_VERSION,
        // An absolute `import` makes the shell provide the module even when no shell page uses it
        // (a bare request is provided only once something imports it).
        import: !provide ? false : eager ? require.resolve(request) : withStyles(request),
        ...(eager ? { eager: true } : {}),
      };
      return [request, config];
    }),
  );
}

type ImportRewrites = NonNullable<NonNullable<RsbuildConfig['source']>['transformImport']>;

const ICON_REWRITE = {
  libraryName: `${ARCO}/icon`,
  libraryDirectory: 'react-icon',
  camelToDashComponentName: false,
};

/**
 * The shell's: arco barrel imports rewritten to per-component (and per-icon) modules, each with its
 * own styles (`es/<Component>/style/css`, which also pulls the base styles and those of the
 * components it renders), so a page carries the CSS of the components it uses, not all of arco.css.
 */
export const ARCO_IMPORT_REWRITES: ImportRewrites = [
  { libraryName: ARCO, libraryDirectory: 'es', camelToDashComponentName: false, style: 'css' },
  ICON_REWRITE,
];

/** A remote's: the same modules without styles, which come with the shell's components. */
export const ARCO_REMOTE_IMPORT_REWRITES: ImportRewrites = [
  { libraryName: ARCO, libraryDirectory: 'es', camelToDashComponentName: false },
  ICON_REWRITE,
];

/** Result's own imports of its illustrations (`./403`, `./404`, `./500` in es/Result/index.js). */
const RESULT_ART = /^\.\/(403|404|500)(\.js)?$/;
const RESULT_DIR = /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Result$/;

/**
 * Replaces Result's illustrations with stand-ins that load them when shown (surfaces/result-art.tsx):
 * the console kit's error fallback renders a Result with an icon, so every start carried 24 KiB of
 * pictures only the not-found pages show. Only the shell bundles arco, so only its build needs it.
 */
export function lazyResultArt(
  rspack: ModifyRspackConfigUtils['rspack'],
): Rspack.RspackPluginInstance {
  return new rspack.NormalModuleReplacementPlugin(RESULT_ART, (data) => {
    const status = RESULT_ART.exec(data.request)?.[1];
    if (status && RESULT_DIR.test(data.context ?? '')) {
      data.request = require.resolve(`../surfaces/result-art-${status}.ts`);
    }
  });
}

/** A selector of Arco's right-to-left layout: a class `arco-<component>-rtl` in it. */
const RIGHT_TO_LEFT = /\.arco-[\w-]+-rtl\b/;

/**
 * A PostCSS plugin leaving out Arco's right-to-left rules. Arco styles each component twice, once
 * for `ConfigProvider rtl`; the console has no right-to-left language and never sets it, and those
 * rules were a fifth of the start's stylesheet (55 of 262 KB), parsed on every start before the
 * first paint. A rule that also names another selector keeps that one.
 */
export const dropRightToLeftRules = {
  postcssPlugin: 'switchyard-drop-arco-rtl',
  Rule(rule: { selectors: string[]; remove(): void }) {
    const kept = rule.selectors.filter((selector) => !RIGHT_TO_LEFT.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};
