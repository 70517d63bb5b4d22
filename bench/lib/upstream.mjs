// Processes a bench starts: each is killed when the bench exits, however it exits; and the fast
// fake upstream (bench/relay/fast-upstream.mjs) in its own process, so its CPU is not the
// gateway's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const owned = new Set();
process.on('exit', () => {
  for (const child of owned) child.kill('SIGKILL');
});

/** `node <args>` as a child this bench owns (killed at exit). */
export function spawnOwned(args, options = {}) {
  const child = spawn(process.execPath, args, options);
  owned.add(child);
  child.once('exit', () => owned.delete(child));
  return child;
}

/** Stops a child with SIGTERM and waits for it to exit. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts fast-upstream.mjs on a free loopback port (it prints the port once listening): OpenAI
 * chat completions and Anthropic Messages, JSON or SSE, 32 completion tokens.
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startFastUpstream() {
  const child = spawnOwned([path.join(here, '../relay/fast-upstream.mjs'), '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fast-upstream.mjs exited with ${code}`)));
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}
