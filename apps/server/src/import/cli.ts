// `npm run import:new-api -- --from <sqlite file | postgres://… | mysql://…> [--dry-run]
// [--merge] [--with-logs] [--batch-size N]`: into the database Switchyard is configured with
// (the server's own SQL_DSN / SQLITE_PATH).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase, describeDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ImportRefused, runImport } from './run-import';
import { openSource, type Source } from './source';

const USAGE = `Usage: npm run import:new-api -- --from <source> [options]

  --from <source>    the new-api / one-api database: a SQLite file, postgres://… or mysql://…
  --dry-run          print what would move; write nothing
  --merge            import into a target that already has users
  --with-logs        also move usage logs, drawing and async tasks (streamed in batches)
  --batch-size <n>   rows per batch of the streamed tables (default 2000)

The target is the database Switchyard is configured with (SQL_DSN or SQLITE_PATH).`;

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      'with-logs': { type: 'boolean', default: false },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.from) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const batchSize = values['batch-size'] ? Number(values['batch-size']) : undefined;
  if (
    batchSize !== undefined &&
    (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000)
  ) {
    console.error('--batch-size must be a whole number from 1 to 50000');
    return 2;
  }
  let source: Source;
  try {
    source = openSource(values.from);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const config = loadConfig(process.env);
  const database = createDatabase(config);
  try {
    const dryRun = values['dry-run'];
    // Writing the schema is writing: a dry run leaves an unset-up target as it is.
    if (!dryRun) await migrateToLatest(database.db);
    const report = await runImport({
      source,
      target: database.db,
      targetDescription: describeDatabase(config),
      dryRun,
      merge: values.merge,
      withLogs: values['with-logs'],
      ...(batchSize ? { batchSize } : {}),
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    console.log(report.format());
    return 0;
  } catch (error) {
    if (error instanceof ImportRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await source.close();
    await database.close();
  }
}
