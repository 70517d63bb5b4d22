// Moves a new-api / one-api database into Switchyard's: the order matters (users before what
// they own, channels before the logs that name them), each step remembers what it moved.
import type { Db } from '../db/database';
import type { MessageParams } from '../i18n';
import { type ImportMessageKey, translateImport } from '../i18n/import-messages';
import { importChannels, importRedemptions, importTokens } from './entities-import';
import type { ImportContext } from './import-context';
import { hasImported, loadIdMap } from './import-state';
import { importOptions } from './options-import';
import { ImportReport } from './report';
import type { Source } from './source';
import { importLogs, importMidjourneys, importTasks, importTopUps } from './streams-import';
import { importUsers } from './users-import';

export interface ImportOptions {
  source: Source;
  target: Db;
  targetDescription: string;
  dryRun?: boolean;
  merge?: boolean;
  withLogs?: boolean;
  batchSize?: number;
  now?: number;
  /** Told how a streamed table advances (table, rows done, total, rows per second). */
  progress?: (progress: Progress) => void;
}

export interface Progress {
  table: string;
  done: number;
  total: number;
  rate: number;
}

/** Refused before anything is written (a target in use without --merge, an unset-up target). */
export class ImportRefused extends Error {
  constructor(
    readonly key: ImportMessageKey,
    readonly params: MessageParams = {},
  ) {
    super(translateImport('en', key, params));
    this.name = 'ImportRefused';
  }
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const { source, target } = options;
  const dryRun = options.dryRun ?? false;
  const tables = new Set((await target.introspection.getTables()).map((table) => table.name));
  if (!tables.has('import_map')) {
    throw new ImportRefused('refused.notSetUp');
  }
  const merge = options.merge ?? false;
  const earlier = await hasImported(target, source.key);
  const users = await target
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (!merge && !earlier && Number(users.n) > 1) {
    throw new ImportRefused('refused.inUse', { users: Number(users.n) });
  }
  const report = new ImportReport(source.description, options.targetDescription, dryRun);
  const ctx: ImportContext = {
    source,
    target,
    dryRun,
    merge,
    report,
    maps: {
      users: await loadIdMap(target, source.key, 'users'),
      tokens: await loadIdMap(target, source.key, 'tokens'),
      channels: await loadIdMap(target, source.key, 'channels'),
      redemptions: await loadIdMap(target, source.key, 'redemptions'),
    },
    now: options.now ?? Math.floor(Date.now() / 1000),
    batchSize: options.batchSize ?? 2000,
    progress: options.progress ?? (() => undefined),
  };
  await importUsers(ctx);
  await importTokens(ctx);
  await importChannels(ctx);
  await importRedemptions(ctx);
  await importTopUps(ctx);
  await importOptions(ctx);
  if (options.withLogs) {
    await importLogs(ctx);
    await importMidjourneys(ctx);
    await importTasks(ctx);
  } else {
    report.note('note.noLogs');
  }
  if (!dryRun && earlier) report.note('note.again');
  return report;
}
