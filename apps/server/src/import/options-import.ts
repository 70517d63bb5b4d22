// Settings: the options Switchyard knows are copied (when their value passes its check); every
// other key is listed in the report as skipped. Done once per source.
import { isOptionKey, validateOptionValue } from '@switchyard/contracts/options';
import type { ImportContext } from './import-context';
import { readWatermark, writeWatermark } from './import-state';
import { text } from './values';

/** Settings that describe the old deployment, not the new one. */
const DEPLOYMENT_BOUND = new Set(['ServerAddress']);

export async function importOptions(ctx: ImportContext): Promise<void> {
  const { report, source, target } = ctx;
  const columns = await source.columns('options');
  if (!columns) {
    report.note('note.noTable', { table: 'options' });
    return;
  }
  const counts = report.counts('options');
  const done = ctx.dryRun ? 0 : await readWatermark(target, source.key, 'options');
  const rows = await source.db.selectFrom('options').select(['key', 'value']).execute();
  if (done > 0) {
    counts.read = rows.length;
    counts.already = rows.length;
    return;
  }
  const write = async (db: typeof target) => {
    for (const row of rows) {
      counts.read += 1;
      const key = text(row, 'key');
      const value = text(row, 'value');
      if (!isOptionKey(key)) {
        report.skip('options', key, 'skip.unknownOption');
      } else if (DEPLOYMENT_BOUND.has(key)) {
        report.skip('options', key, 'skip.deploymentOption');
      } else if (!validateOptionValue(key, value)) {
        report.skip('options', key, 'skip.invalidOption');
      } else {
        counts.imported += 1;
        if (ctx.dryRun) continue;
        // Read first: MySQL reports 0 rows updated when the value was already the same.
        const stored = await db
          .selectFrom('options')
          .select('key')
          .where('key', '=', key)
          .executeTakeFirst();
        if (stored) await db.updateTable('options').set({ value }).where('key', '=', key).execute();
        else await db.insertInto('options').values({ key, value }).execute();
      }
    }
    if (!ctx.dryRun) await writeWatermark(db, source.key, 'options', 1);
  };
  if (ctx.dryRun) await write(target);
  else await target.transaction().execute(write);
}
