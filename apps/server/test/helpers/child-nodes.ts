// Real server processes (apps/server/src/main.ts under tsx) and a fake upstream process, for
// tests that kill nodes, cut their database links or need the server off the test's event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Behaviour } from '../fakes/fake-upstream';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const FAKE_MAIN = fileURLToPath(new URL('../fakes/fake-upstream-main.ts', import.meta.url));

export interface ChildNode {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<string>;
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<string>;
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

function spawnTsx(file: string, env: Record<string, string>): ChildProcess {
  // CHILD_NODE_ARGS: extra node flags for the children (e.g. --cpu-prof when profiling).
  const extra = process.env.CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...extra, '--import', 'tsx', file], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits for a line of stdout matching `ready`; rejects if the process exits first. */
function waitReady(child: ChildProcess, ready: RegExp, log: string[], ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready in ${ms} ms:\n${log.join('')}`)),
      ms,
    );
    // The output is collected by track(), whose listener runs first.
    const onData = () => {
      const match = ready.exec(log.join(''));
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before ready:\n${log.join('')}`));
    });
  });
}

function track(child: ChildProcess): { log: string[]; exited: Promise<string> } {
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(String(signal ?? code)));
  });
  return { log, exited };
}

/** Starts the real server on `port` with the test database's env; resolves once it listens. */
export async function startNode(env: Record<string, string>, port?: number): Promise<ChildNode> {
  const chosen = port ?? (await freePort());
  const child = spawnTsx(MAIN, {
    PORT: String(chosen),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GLOBAL_API_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    SESSION_SECRET: 'fault-suite-session-secret',
    ...env,
  });
  const { log, exited } = track(child);
  let running = true;
  void exited.then(() => {
    running = false;
  });
  await waitReady(child, /Switchyard is running/, log, 60_000);
  return {
    url: `http://127.0.0.1:${chosen}`,
    port: chosen,
    process: child,
    output: () => log.join(''),
    exited,
    alive: () => running,
    kill: async (signal = 'SIGKILL') => {
      if (running) child.kill(signal);
      return exited;
    },
  };
}

/** The fake upstream in a process of its own, with behaviours by channel key. */
export async function startUpstreamProcess(
  behaviours: Record<string, Behaviour> = {},
): Promise<ChildNode> {
  const child = spawnTsx(FAKE_MAIN, { FAKE_BEHAVIOURS: JSON.stringify(behaviours) });
  const { log, exited } = track(child);
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const url = await waitReady(child, /^(http:\/\/\S+)\n/m, log, 60_000);
  return {
    url,
    port: Number(new URL(url).port),
    process: child,
    output: () => log.join(''),
    exited,
    alive: () => running,
    kill: async (signal = 'SIGTERM') => {
      if (running) child.kill(signal);
      return exited;
    },
  };
}
