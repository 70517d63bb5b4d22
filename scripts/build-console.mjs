#!/usr/bin/env node
// Builds the console: the shell and every remote with rsbuild, one after another. An app whose
// inputs (its src, config, package.json and the shared packages) are older than its
// dist/.build-stamp is skipped; `--force` rebuilds everything (the shell's build also writes
// dist/load-manifest.json, checked here). Then writes a .br (quality 11) and a
// .gz (level 9) beside every text asset of each dist, for the server to send, and prints the sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { missingRemoteModules } from './lib/remote-modules.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'account', 'billing', 'channels', 'observability', 'settings'];
const SHARED_INPUTS = ['shared/console-kit', 'shared/contracts', 'shared/build'];
const APP_INPUTS = ['src', 'public', 'rsbuild.config.ts', 'package.json', 'tsconfig.json'];
const GZIP_EXTENSIONS = ['.js', '.css', '.html', '.json', '.svg'];
const STAMP = '.build-stamp';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
/** Files that never reach a bundle. */
const IGNORED_FILES = /\.test\.[cm]?[jt]sx?$|\.md$/;

const force = process.argv.includes('--force');
const rsbuildBin = join(
  dirname(createRequire(import.meta.url).resolve('@rsbuild/core/package.json')),
  'bin/rsbuild.js',
);

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

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function expectedBuildId(appDir) {
  const fromEnv = process.env.SWITCHYARD_BUILD_ID?.trim();
  if (fromEnv) return fromEnv;
  return JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')).version ?? '0.0.0';
}

/** Why the app must be built, or null when its dist is current. */
function staleReason(app) {
  const appDir = join(ROOT, 'apps', app);
  const stampPath = join(appDir, 'dist', STAMP);
  if (force) return '--force';
  if (!existsSync(stampPath)) return 'no previous build';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return 'unreadable build stamp';
  }
  if (stamp.buildId !== expectedBuildId(appDir)) return 'build id changed';
  const inputs = [
    ...APP_INPUTS.map((input) => join(appDir, input)),
    ...SHARED_INPUTS.map((input) => join(ROOT, input)),
  ];
  const newest = Math.max(...inputs.map(newestMtime));
  return newest > statSync(stampPath).mtimeMs ? 'sources changed' : null;
}

function build(app) {
  const appDir = join(ROOT, 'apps', app);
  const started = Date.now();
  const result = spawnSync(process.execPath, [rsbuildBin, 'build'], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`rsbuild build failed in apps/${app} (exit ${result.status})`);
  }
  return Date.now() - started;
}

/** Writes `compressed` from `content` unless it exists and is newer than `source`. */
function writeCompressed(source, compressed, compress) {
  if (!existsSync(compressed) || statSync(compressed).mtimeMs < statSync(source).mtimeMs) {
    writeFileSync(compressed, compress());
  }
  return statSync(compressed).size;
}

/** Writes file.br (quality 11) and file.gz (level 9) beside each text asset whose copies are
 * missing or older; the server sends brotli to browsers that accept it, gzip otherwise. */
function compressDist(distDir) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  let files = 0;
  for (const file of listFiles(distDir)) {
    if (!GZIP_EXTENSIONS.some((extension) => file.endsWith(extension))) continue;
    const content = readFileSync(file);
    gzip += writeCompressed(file, `${file}.gz`, () =>
      gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
    );
    brotli += writeCompressed(file, `${file}.br`, () =>
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    raw += content.length;
    files += 1;
  }
  return { raw, gzip, brotli, files };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

// A route to a module no remote exposes fails here, not as a fallback page in a browser.
// `--check-fixtures` proves it refuses a table with such a name (run by `npm run check`).
const fixture = join(ROOT, 'scripts/fixtures/remote-modules/route-table-with-typo.ts.txt');
if (process.argv.includes('--check-fixtures')) {
  const refused = missingRemoteModules(ROOT, readFileSync(fixture, 'utf8'));
  console.log(`${refused.length > 0 ? '✓' : '✗'} route-table-with-typo refused: ${refused}`);
  process.exit(refused.length > 0 ? 0 : 1);
}
const routeTable = readFileSync(join(ROOT, 'apps/shell/src/routes/route-table.ts'), 'utf8');
const missing = missingRemoteModules(ROOT, routeTable);
if (missing.length > 0) {
  console.error(`the shell's route table names modules no remote exposes: ${missing.join(', ')}`);
  process.exit(1);
}

const rows = [];
for (const app of APPS) {
  const appDir = join(ROOT, 'apps', app);
  const reason = staleReason(app);
  let action = 'up to date';
  if (reason) {
    process.stdout.write(`building apps/${app} (${reason}) … `);
    const ms = build(app);
    process.stdout.write(`${(ms / 1000).toFixed(1)} s\n`);
    action = 'built';
  } else {
    console.log(`skipping apps/${app} (up to date)`);
  }
  const distDir = join(appDir, 'dist');
  // The shell's load manifest is what the server reads to preload a page's files.
  const required = app === 'shell' ? ['index.html', 'load-manifest.json'] : ['mf-manifest.json'];
  for (const file of required.map((name) => join(distDir, name))) {
    if (!existsSync(file)) throw new Error(`apps/${app}: ${relative(ROOT, file)} is missing`);
  }
  const sizes = compressDist(distDir);
  if (reason) {
    const stamp = { buildId: expectedBuildId(appDir), builtAt: new Date().toISOString() };
    writeFileSync(join(distDir, STAMP), `${JSON.stringify(stamp)}\n`);
  }
  rows.push({ app, action, ...sizes });
}

console.log('\napp            status       files   raw           gzip          brotli');
for (const row of rows) {
  console.log(
    `${row.app.padEnd(15)}${row.action.padEnd(13)}${String(row.files).padEnd(8)}${kib(row.raw).padEnd(14)}${kib(row.gzip).padEnd(14)}${kib(row.brotli)}`,
  );
}
