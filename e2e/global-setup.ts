// Starts the server once for all journeys, and builds a second version of the account remote
// into the server's remotes folder so a test can switch the console to it at run time.
// The account journeys also need an SMTP sink and a fake GitHub on loopback (support/account-fakes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startServer } from '../scripts/lib/spawn-server.mjs';
import { startAccountFakes } from './support/account-fakes';
import { E2E_DATA_DIR, E2E_PORT, NEXT_ACCOUNT_BUILD, REMOTES_DIR, REPO_ROOT } from './support/env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const fakes = await startAccountFakes();
  const server = await startServer({
    port: E2E_PORT,
    dataDir: E2E_DATA_DIR,
    env: { GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', ...fakes.serverEnv },
  });
  const stop = async () => {
    await server.stop();
    await fakes.stop();
  };
  const build = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/rsbuild'), ['build'], {
    cwd: path.join(REPO_ROOT, 'apps/account'),
    stdio: 'inherit',
    env: {
      ...process.env,
      SWITCHYARD_BUILD_ID: NEXT_ACCOUNT_BUILD,
      SWITCHYARD_DIST_DIR: path.join(REMOTES_DIR, `account-${NEXT_ACCOUNT_BUILD}`),
    },
  });
  if (build.status !== 0) {
    await stop();
    throw new Error('building the second account remote failed');
  }
  return stop;
}
