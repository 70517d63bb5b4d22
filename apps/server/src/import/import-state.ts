// The target's record of earlier imports (the only SQL on import_map / import_watermarks).
import type { Db } from '../db/database';

export type EntityKind = 'users' | 'tokens' | 'channels' | 'redemptions';
export type StreamKind = 'top_ups' | 'logs' | 'midjourneys' | 'tasks' | 'options';

/** Source id → target id of every row of a kind moved from this source. */
export async function loadIdMap(
  db: Db,
  source: string,
  kind: EntityKind,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('import_map')
    .select(['source_id', 'target_id'])
    .where('source', '=', source)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((row) => [Number(row.source_id), Number(row.target_id)]));
}

export async function recordIds(
  db: Db,
  source: string,
  kind: EntityKind,
  pairs: readonly [number, number][],
): Promise<void> {
  for (let start = 0; start < pairs.length; start += 500) {
    const values = pairs
      .slice(start, start + 500)
      .map(([source_id, target_id]) => ({ source, kind, source_id, target_id }));
    await db.insertInto('import_map').values(values).execute();
  }
}

export async function hasImported(db: Db, source: string): Promise<boolean> {
  const row = await db
    .selectFrom('import_map')
    .select('source_id')
    .where('source', '=', source)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readWatermark(db: Db, source: string, kind: StreamKind): Promise<number> {
  const row = await db
    .selectFrom('import_watermarks')
    .select('last_id')
    .where('source', '=', source)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? Number(row.last_id) : 0;
}

/** Moves the watermark; run in the transaction that wrote the rows up to it. */
export async function writeWatermark(
  db: Db,
  source: string,
  kind: StreamKind,
  lastId: number,
): Promise<void> {
  // Read first: MySQL reports 0 rows updated when the value was already the same.
  const stored = await db
    .selectFrom('import_watermarks')
    .select('last_id')
    .where('source', '=', source)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!stored) {
    await db.insertInto('import_watermarks').values({ source, kind, last_id: lastId }).execute();
    return;
  }
  await db
    .updateTable('import_watermarks')
    .set({ last_id: lastId })
    .where('source', '=', source)
    .where('kind', '=', kind)
    .execute();
}
