// `npm start`: install what is missing, build the console when its sources changed, run the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensurePackages, repoRoot, runOrExit } from './lib/setup.mjs';

ensurePackages();
runOrExit(process.execPath, [path.join(repoRoot, 'scripts/build-console.mjs')]);

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
  {
    stdio: 'inherit',
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
