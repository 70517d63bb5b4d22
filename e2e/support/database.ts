// Direct access to the e2e server's SQLite database, for seeding what the console cannot create
// yet (channels, API tokens, dashboard buckets) through the server's own repositories.
import path from 'node:path';
import { createDatabase, type Database } from '../../apps/server/src/db/database';
import { E2E_DATA_DIR } from './env';

export function openE2eDatabase(): Database {
  return createDatabase({
    engine: 'sqlite',
    sqlDsn: undefined,
    sqlitePath: path.join(E2E_DATA_DIR, 'switchyard.db'),
  });
}
