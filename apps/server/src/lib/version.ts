// The version string of spec §1: v{root package.json version}-alpha.7.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VERSION_SUFFIX } from '@switchyard/contracts';

const rootPackage = fileURLToPath(new URL('../../../../package.json', import.meta.url));
const { version } = JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string };

export const APP_VERSION = `v${version}-${VERSION_SUFFIX}`;

/** When this process started, unix seconds (GET /api/status start_time). */
export const PROCESS_START_TIME = Math.floor(Date.now() / 1000 - process.uptime());
