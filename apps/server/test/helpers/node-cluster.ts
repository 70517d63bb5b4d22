// A test database opened from the test process (migrated, for seeding and checking) beside real
// server processes on it (child-nodes.ts).
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './database';

export interface ClusterDatabase {
  test: TestDatabase;
  database: Database;
  /** Env that points a server process at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function openClusterDatabase(): Promise<ClusterDatabase> {
  const test = await createTestDatabase();
  const database = createDatabase(loadConfig({ ...test.env }), () => undefined);
  await migrateToLatest(database.db);
  return {
    test,
    database,
    env: test.env,
    close: async () => {
      await database.close();
      await test.drop();
    },
  };
}
