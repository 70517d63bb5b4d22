// The compiled server (apps/server/dist/main.js, built by `npm run build -w @switchyard/server`)
// as a child process on a test database, the way production runs it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Builds dist/main.js when its sources changed (the script skips an up-to-date build). */
export function buildServer(): void {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server build failed: ${result.stderr}`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface CompiledServer {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts dist/main.js and resolves once /readyz answers 200. */
export async function startCompiledServer(env: Record<string, string>): Promise<CompiledServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'sy-compiled-'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/server/dist/main.js')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      CONSOLE_DIR: join(dir, 'apps'),
      REMOTES_DIR: join(dir, 'remotes'),
      REMOTES_FILE: join(dir, 'remotes.json'),
      GLOBAL_API_RATE_LIMIT: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`server not ready in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output, exited };
}
