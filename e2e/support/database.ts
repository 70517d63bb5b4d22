// Direct access to the e2e server's SQLite database, for the one thing no API creates on demand:
// the dashboard's hourly buckets (the aggregator fills them every few minutes from minute-old logs).
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
