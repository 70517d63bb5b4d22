// The ports the console's dev servers use (the shell's dev server is 3100).
import type { RemoteName } from '@switchyard/contracts';

export { isRemoteName, REMOTE_NAMES, type RemoteName } from '@switchyard/contracts';

export const SHELL_DEV_PORT = 3100;

export const DEV_PORTS: Readonly<Record<RemoteName, number>> = {
  account: 3101,
  billing: 3102,
  channels: 3103,
  observability: 3104,
  settings: 3105,
};

/** The server the dev servers proxy `/api`, `/v1` and `/remotes.json` to. */
export const DEV_API_TARGET = process.env.SWITCHYARD_API_TARGET ?? 'http://localhost:3000';
