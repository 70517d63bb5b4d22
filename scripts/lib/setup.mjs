// Setup steps shared by `npm start` and `npm test`: install npm packages when the lockfile changed,
// install Debian's chromium for the browser tests. Each step is quick when there is nothing to do.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stampFile = path.join(repoRoot, 'node_modules', '.switchyard-install-stamp');

export function run(command, args, options = {}) {
  return runWithOutcome(command, args, options).status;
}

/**
 * Runs a command with inherited output and tells how it ended: its exit status (1 when a signal
 * ended it) and, in words, the code or the signal, so a summary can say why a step failed.
 */
export function runWithOutcome(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.error) throw result.error;
  const status = result.status ?? 1;
  const ending = result.signal ? `ended by ${result.signal}` : `exit code ${result.status}`;
  return { status, ending };
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} exited with ${status}`);
    process.exit(status);
  }
}

function lockfileHash() {
  const lock = path.join(repoRoot, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
}

/**
 * Runs npm with its EBADENGINE notices folded into one line. On Node 20 some forty packages
 * (OpenTelemetry, i18next, the AI SDK test clients…) declare Node ≥ 22: npm installs them anyway
 * (engine-strict is off), they run and pass the whole suite here, and five lines of notice each
 * would bury everything a new user should read. Every other line of npm's output is kept.
 */
export function installQuietly(args, env) {
  const result = spawnSync('npm', args, {
    cwd: repoRoot,
    env,
    stdio: ['inherit', 'inherit', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const lines = (result.stderr ?? '').split('\n');
  const isNotice = (line) => line.startsWith('npm warn EBADENGINE');
  process.stderr.write(lines.filter((line) => !isNotice(line)).join('\n'));
  const packages = lines.filter((line) => isNotice(line) && line.includes('package:')).length;
  if (packages > 0) {
    console.log(
      `› ${packages} packages ask for a newer Node than ${process.version} (npm EBADENGINE); ` +
        'they work on it: see "Node versions" in README.md',
    );
  }
  return result.status ?? 1;
}

/** Runs `npm ci` when node_modules is missing or was installed from another lockfile. */
export function ensurePackages() {
  const hash = lockfileHash();
  const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (hash && installed === hash) return;
  console.log('› Installing npm packages (first run or changed lockfile)…');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const status = installQuietly([hash ? 'ci' : 'install', '--no-audit', '--no-fund'], env);
  if (status !== 0) {
    console.error(`\n✗ npm ${hash ? 'ci' : 'install'} exited with ${status}`);
    process.exit(status);
  }
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${lockfileHash()}\n`);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's chromium for Playwright when it is missing (never a browser download). */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = isRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  if (!isRoot && run('sudo', ['-n', 'true'], { stdio: 'ignore' }) !== 0) {
    console.error(
      `chromium is missing at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`,
    );
    return false;
  }
  console.log('› Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(apt[0], [...apt.slice(1), 'update', '-q'], { env });
  run(apt[0], [...apt.slice(1), 'install', '-y', '-q', 'chromium'], { env });
  return existsSync(CHROMIUM_PATH);
}
