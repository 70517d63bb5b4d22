// The server under test for the relay benches: the compiled server (scripts/lib/spawn-server.mjs)
// on a throwaway SQLite database in .cache/bench-<name>, with the settings every bench wants.
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { startServer } from '../../scripts/lib/spawn-server.mjs';

/**
 * Logs at warn (a request logs nothing then) and no global API rate limit (the load would hit
 * it); SWITCHYARD_NODE_OPTIONS reaches the server as NODE_OPTIONS (V8 flags, a CPU profiler).
 * @param {{ name: string, port: number, env?: Record<string, string>, entry?: string }} options
 */
export async function startBenchServer({ name, port, env = {}, entry }) {
  const dataDir = path.join(repoRoot, `.cache/bench-${name}`);
  const server = await startServer({
    port,
    dataDir,
    entry,
    env: {
      LOG_LEVEL: 'warn',
      GLOBAL_API_RATE_LIMIT: '0',
      ...(process.env.SWITCHYARD_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.SWITCHYARD_NODE_OPTIONS }
        : {}),
      ...env,
    },
  });
  // A bench that throws (a failed request, a funding check) must not leave its server running.
  let stopped = false;
  const killAtExit = () => {
    if (stopped) return;
    try {
      process.kill(server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killAtExit);
  const stop = async () => {
    await server.stop();
    stopped = true;
    process.off('exit', killAtExit);
  };
  return { ...server, stop, dbPath: path.join(dataDir, 'switchyard.db') };
}
