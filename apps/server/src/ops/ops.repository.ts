// SQL for operations: channel counts for the gauges, the readiness checks.
import { Migrator } from 'kysely';
import type { Db } from '../db/database';
import { MIGRATIONS } from '../db/migrate';

/** Channels per status code, one grouped count (cheap enough for every scrape). */
export async function countChannelsByStatus(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('channels')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [Number(row.status), Number(row.count)]));
}

/** Names of the known migrations not applied to this database yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
