// Where the e2e server lives: a fixed loopback port and a throwaway data folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(REPO_ROOT, '.cache/e2e-data');
export const REMOTES_FILE = path.join(E2E_DATA_DIR, 'remotes.json');
export const REMOTES_DIR = path.join(E2E_DATA_DIR, 'remotes');
/** Build id of the second account build that the deploy test switches to. */
export const NEXT_ACCOUNT_BUILD = 'e2e-next';
