// Starts the real Switchyard server on a throwaway SQLite database, for browser tests and benchmarks:
// the compiled server (apps/server/dist/main.js, built first when its sources changed), as
// production runs it; SWITCHYARD_RUNTIME=tsx (or `runtime: 'tsx'`) runs the sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './setup.mjs';

/** Builds apps/server/dist/main.js unless it is current. */
export function buildServer() {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the server build failed');
}

/** Node arguments that run the server: the compiled bundle, or the sources through tsx. */
export function serverArgs(runtime = process.env.SWITCHYARD_RUNTIME ?? 'compiled') {
  if (runtime === 'tsx') return ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')];
  buildServer();
  return [path.join(repoRoot, 'apps/server/dist/main.js')];
}

/**
 * `entry` runs another compiled bundle instead (a benchmark's baseline build), as it is.
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, quiet?: boolean, runtime?: 'compiled' | 'tsx', entry?: string }} options
 * @returns {Promise<{ url: string, dataDir: string, stop: () => Promise<void>, pid: number | undefined }>}
 */
export async function startServer({ port, dataDir, env = {}, quiet = true, runtime, entry }) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(dataDir, 'remotes'), { recursive: true });
  const child = spawn(process.execPath, entry ? [entry] : serverArgs(runtime), {
    cwd: repoRoot,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SQLITE_PATH: path.join(dataDir, 'switchyard.db'),
      REMOTES_DIR: path.join(dataDir, 'remotes'),
      REMOTES_FILE: path.join(dataDir, 'remotes.json'),
      SQL_DSN: '',
      REDIS_URL: '',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, dataDir, stop, pid: child.pid };
}
