// What an import moved and what it left behind, per table, with the reasons.
export interface TableCounts {
  /** Source rows looked at in this run (rows moved by an earlier run are not read again). */
  read: number;
  imported: number;
  /** Already moved by an earlier run from this source. */
  already: number;
  skipped: number;
}

/** How many sample source ids a skip reason lists. */
const SAMPLE_IDS = 10;

type Tally = Map<string, Map<string, { count: number; ids: (number | string)[] }>>;

function tally(into: Tally, table: string, id: number | string, reason: string): void {
  let reasons = into.get(table);
  if (!reasons) {
    reasons = new Map();
    into.set(table, reasons);
  }
  const entry = reasons.get(reason) ?? { count: 0, ids: [] };
  entry.count += 1;
  if (entry.ids.length < SAMPLE_IDS) entry.ids.push(id);
  reasons.set(reason, entry);
}

export class ImportReport {
  readonly tables = new Map<string, TableCounts>();
  /** table → reason → { count, sample ids }. */
  readonly skips: Tally = new Map();
  /** `table.column` of the source with values Switchyard has no place for → rows with a value. */
  readonly droppedColumns = new Map<string, number>();
  /** Whole tables or features left out, with why. */
  readonly notes: string[] = [];

  constructor(
    readonly source: string,
    readonly target: string,
    readonly dryRun: boolean,
  ) {}

  counts(table: string): TableCounts {
    let counts = this.tables.get(table);
    if (!counts) {
      counts = { read: 0, imported: 0, already: 0, skipped: 0 };
      this.tables.set(table, counts);
    }
    return counts;
  }

  /** Rows moved with a change (e.g. a cleared duplicate e-mail), with why. */
  readonly adjustments: Tally = new Map();

  skip(table: string, id: number | string, reason: string): void {
    this.counts(table).skipped += 1;
    tally(this.skips, table, id, reason);
  }

  adjust(table: string, id: number | string, reason: string): void {
    tally(this.adjustments, table, id, reason);
  }

  dropped(table: string, column: string): void {
    const key = `${table}.${column}`;
    this.droppedColumns.set(key, (this.droppedColumns.get(key) ?? 0) + 1);
  }

  format(): string {
    const lines = [
      `${this.dryRun ? 'Dry run (nothing written)' : 'Import'}: ${this.source} → ${this.target}`,
      '',
      `${'table'.padEnd(14)}${'read'.padStart(10)}${(this.dryRun ? 'would move' : 'imported').padStart(12)}${'earlier'.padStart(10)}${'skipped'.padStart(10)}`,
    ];
    for (const [table, c] of this.tables) {
      lines.push(
        `${table.padEnd(14)}${String(c.read).padStart(10)}${String(c.imported).padStart(12)}${String(c.already).padStart(10)}${String(c.skipped).padStart(10)}`,
      );
    }
    if (this.skips.size > 0) {
      lines.push('', 'Skipped:');
      for (const [table, reasons] of this.skips) {
        for (const [reason, { count, ids }] of reasons) {
          const more = count > ids.length ? ', …' : '';
          lines.push(`  ${table}: ${count} × ${reason} (source ids ${ids.join(', ')}${more})`);
        }
      }
    }
    if (this.adjustments.size > 0) {
      lines.push('', 'Moved with a change:');
      for (const [table, reasons] of this.adjustments) {
        for (const [reason, { count, ids }] of reasons) {
          const more = count > ids.length ? ', …' : '';
          lines.push(`  ${table}: ${count} × ${reason} (source ids ${ids.join(', ')}${more})`);
        }
      }
    }
    if (this.droppedColumns.size > 0) {
      lines.push(
        '',
        'Source columns Switchyard has no place for (rows with a value, not carried over):',
      );
      for (const [column, rows] of this.droppedColumns) lines.push(`  ${column}: ${rows}`);
    }
    if (this.notes.length > 0) lines.push('', ...this.notes.map((note) => `Note: ${note}`));
    return lines.join('\n');
  }
}
