// `npm run import:new-api -- --from <sqlite file | postgres://… | mysql://…> [--dry-run]
// [--merge] [--with-logs] [--batch-size N] [--lang zh|en]`: into the database Switchyard is
// configured with (the server's own SQL_DSN / SQLITE_PATH).
import { parseArgs } from 'node:util';
import type { Language } from '@switchyard/contracts';
import { loadConfig } from '../config';
import { createDatabase, describeDatabase, sqliteDirectOf } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { terminalLanguage, translateImport } from '../i18n/import-messages';
import { ImportRefused, runImport } from './run-import';
import { openSource, type Source, SourceMissing } from './source';

/** Page cache of the SQLite target during an import, KiB. */
const IMPORT_SQLITE_CACHE_KIB = 65_536;

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      'with-logs': { type: 'boolean', default: false },
      'batch-size': { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const language: Language =
    values.lang === 'zh' || values.lang === 'en' ? values.lang : terminalLanguage();
  const say = (key: Parameters<typeof translateImport>[1], params = {}) =>
    translateImport(language, key, params);
  if (values.help || !values.from) {
    console.log(say('cli.usage'));
    return values.help ? 0 : 2;
  }
  const batchSize = values['batch-size'] ? Number(values['batch-size']) : undefined;
  if (
    batchSize !== undefined &&
    (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000)
  ) {
    console.error(say('cli.badBatchSize'));
    return 2;
  }
  let source: Source;
  try {
    source = openSource(values.from);
  } catch (error) {
    if (!(error instanceof SourceMissing)) throw error;
    console.error(say('cli.noSqliteFile', { path: error.path }));
    return 1;
  }
  const config = loadConfig(process.env);
  const database = createDatabase(config);
  // The logs table's indexes take most of an import's time on SQLite: a larger page cache for
  // this one connection keeps their pages in memory (bounded, so memory stays flat).
  sqliteDirectOf(database.db)?.connection.pragma(`cache_size = -${IMPORT_SQLITE_CACHE_KIB}`);
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
      progress: ({ table, done, total, rate }) => {
        const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
        process.stderr.write(`${say('report.progress', { table, done, total, percent, rate })}\n`);
      },
    });
    console.log(report.format(language));
    return 0;
  } catch (error) {
    if (error instanceof ImportRefused) {
      console.error(say(error.key, error.params));
      return 1;
    }
    throw error;
  } finally {
    await source.close();
    await database.close();
  }
}
