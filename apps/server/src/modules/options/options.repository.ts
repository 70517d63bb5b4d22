// SQL for the options table: key/value rows.
import type { Db } from '../../db/database';
import { insertIgnoringDuplicates, upsert } from '../../db/dialect';

export interface OptionRow {
  key: string;
  value: string;
}

export function listOptionRows(db: Db): Promise<OptionRow[]> {
  return db.selectFrom('options').select(['key', 'value']).execute();
}

export async function readOptionValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('options')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Writes the value, replacing any existing one. */
export async function upsertOption(db: Db, key: string, value: string): Promise<void> {
  await upsert(db, db.insertInto('options').values({ key, value }), ['key'], ['value']).execute();
}

/** Inserts the rows whose keys are missing; existing values are never overwritten. */
export async function insertMissingOptions(db: Db, rows: readonly OptionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await insertIgnoringDuplicates(db, db.insertInto('options').values([...rows]), 'key').execute();
}
