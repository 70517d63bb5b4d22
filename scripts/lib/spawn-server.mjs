// Starts the real Switchyard server on a throwaway SQLite database, for browser tests and benchmarks.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './setup.mjs';

/**
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, quiet?: boolean }} options
 * @returns {Promise<{ url: string, dataDir: string, stop: () => Promise<void>, pid: number | undefined }>}
 */
export async function startServer({ port, dataDir, env = {}, quiet = true }) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(dataDir, 'remotes'), { recursive: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
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
    },
  );
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
