#!/usr/bin/env node
// Builds the server to one JavaScript file, apps/server/dist/main.js, with esbuild: the server's
// TypeScript and the workspace packages (shared/*, TypeScript source) are bundled; every npm
// package stays an import resolved from node_modules at run time. Skipped when no input is newer
// than dist/.build-stamp; `--force` rebuilds.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'apps/server');
const OUT_DIR = join(SERVER, 'dist');
const OUT_FILE = join(OUT_DIR, 'main.js');
/** main.ts's first import, built as a file of its own so that it runs before the packages the
 * bundle imports (ES modules evaluate their imports first, in order; the bundle's own code comes
 * after all of them): see src/ops/young-generation.ts. */
const FIRST_IMPORT = 'ops/young-generation-hold';
const STAMP = join(OUT_DIR, '.build-stamp');
const INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'shared/contracts',
  'package-lock.json',
  'scripts/build-server.mjs',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const IGNORED_FILES = /\.test\.[cm]?[jt]sx?$|\.md$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (SKIPPED_DIRS.has(entry) || IGNORED_FILES.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why the server must be built, or null when dist/main.js is current. */
export function staleReason(force = false) {
  if (force) return '--force';
  const outputs = [OUT_FILE, join(OUT_DIR, `${FIRST_IMPORT.split('/').at(-1)}.js`)];
  if (!existsSync(STAMP) || !outputs.every((file) => existsSync(file))) return 'no previous build';
  const newest = Math.max(...INPUTS.map((input) => newestMtime(join(ROOT, input))));
  return newest > statSync(STAMP).mtimeMs ? 'sources changed' : null;
}

/** npm packages load from node_modules; the workspace packages (@switchyard/*) are TypeScript
 * source and are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@switchyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

const firstImportOwnFile = {
  name: 'first-import-own-file',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/ops\/young-generation-hold$/ }, () => ({
      path: `./${FIRST_IMPORT.split('/').at(-1)}.js`,
      external: true,
    }));
  },
};

/**
 * Modules find files beside their source through import.meta.url (config.ts: the console
 * folder; version.ts: the root package.json). In one bundle that URL is the bundle's, so each
 * such module gets its own source location back, expressed relative to the bundle (the image
 * keeps the repository's layout, so the same relative paths hold there).
 */
const sourceLocation = {
  name: 'source-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(OUT_DIR, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * esbuild escapes non-ASCII in code (charset 'ascii') but keeps the doc comments it preserves as
 * written; one `→` or `§` there makes V8 hold the whole bundle's source as a two-byte string
 * (1.3 MB of heap instead of 0.66, issue 16). Escaping those characters keeps the source one-byte;
 * outside comments there are none, and comments sit at line ends, so the source map still holds.
 */
function asciiOnly(file) {
  const source = readFileSync(file, 'utf8');
  const ascii = source.replace(
    /[^\p{ASCII}]/gu,
    (char) => `\\u{${char.codePointAt(0).toString(16)}}`,
  );
  if (ascii !== source) writeFileSync(file, ascii);
}

export async function buildServer({ force = false } = {}) {
  const reason = staleReason(force);
  if (!reason) {
    console.log('skipping apps/server (up to date)');
    return false;
  }
  process.stdout.write(`building apps/server (${reason}) … `);
  const started = Date.now();
  const result = await build({
    entryPoints: [join(SERVER, 'src/main.ts')],
    outfile: OUT_FILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // No keepNames: it wraps every function expression in a call that sets its name, closures made
    // per request included (~2 % of a relayed request's CPU, issue 30). Names survive without it
    // (the bundle is not minified); a class renamed for a clash (UpstreamError2) keeps the name
    // its errors set themselves, and stack traces map back through the source map.
    metafile: true,
    logLevel: 'warning',
    plugins: [firstImportOwnFile, npmPackagesExternal, sourceLocation],
  });
  await build({
    entryPoints: [join(SERVER, `src/${FIRST_IMPORT}.ts`)],
    outfile: join(OUT_DIR, `${FIRST_IMPORT.split('/').at(-1)}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  asciiOnly(OUT_FILE);
  const bytes = statSync(OUT_FILE).size;
  const modules = Object.keys(result.metafile.inputs).length;
  writeFileSync(STAMP, `${JSON.stringify({ builtAt: new Date().toISOString(), modules })}\n`);
  console.log(
    `${((Date.now() - started) / 1000).toFixed(1)} s, ${modules} modules, ${(bytes / 1024).toFixed(0)} KiB`,
  );
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ force: process.argv.includes('--force') });
}
