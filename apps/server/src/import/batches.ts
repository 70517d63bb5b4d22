// Reads a source table in id order, a batch at a time (keyset paging: constant memory, and each
// batch costs the same however deep into a table of millions it is).
import type { Source, SourceRow } from './source';

export interface TableReader {
  /** The table's columns that the mapper wants and this release has. */
  columns: string[];
  /** Rows with id > after, in id order, `size` at a time. */
  batches(after: number, size: number): AsyncGenerator<SourceRow[]>;
  /** How many rows have id > after (for progress). */
  count(after: number): Promise<number>;
}

/** A reader of `table`, or undefined when this release has no such table. */
export async function tableReader(
  source: Source,
  table: string,
  wanted: readonly string[],
): Promise<TableReader | undefined> {
  const present = await source.columns(table);
  if (!present?.has('id')) return undefined;
  const columns = ['id', ...wanted.filter((column) => column !== 'id' && present.has(column))];
  const { db } = source;
  return {
    columns,
    async *batches(after, size) {
      let last = after;
      for (;;) {
        const rows: SourceRow[] = await db
          .selectFrom(table)
          .select(columns)
          .where('id', '>', last)
          .orderBy('id')
          .limit(size)
          .execute();
        if (rows.length === 0) return;
        last = Number(rows[rows.length - 1]?.id);
        yield rows;
        if (rows.length < size) return;
      }
    },
    async count(after) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', after)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
