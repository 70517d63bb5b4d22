// Running a coding agent's CLI headless in a test: offline (every proxy variable points at a
// closed loopback port, loopback goes direct), stdin closed, its own output in a failure.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Nothing may leave the machine: proxies point at a closed port, loopback goes direct. */
export const OFFLINE = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
};

/** Runs an agent with stdin closed; a failure carries what the agent printed. */
export async function runAgent(
  file: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeout: number },
) {
  const pending = execFileAsync(file, args, { ...options, encoding: 'utf8' });
  pending.child.stdin?.end();
  try {
    return await pending;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `agent failed\nstdout: ${stdout?.slice(-3000)}\nstderr: ${stderr?.slice(-3000)}`,
    );
  }
}

/** A scratch folder, removed by `removeAll`. */
export function scratchDirs() {
  const made: string[] = [];
  return {
    async make(name: string): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), `sy-${name}-`));
      made.push(dir);
      return dir;
    },
    list: () => made,
  };
}
