// What an import moved and what it left behind, per table, with the reasons (rendered in the
// terminal's language at the end).
import type { Language } from '@switchyard/contracts';
import type { MessageParams } from '../i18n';
import { type ImportMessageKey, translateImport } from '../i18n/import-messages';

export interface TableCounts {
  /** Source rows looked at in this run. */
  read: number;
  imported: number;
  /** Already moved by an earlier run from this source. */
  already: number;
  skipped: number;
}

/** A reason: a message key and its parameters. */
export interface Reason {
  key: ImportMessageKey;
  params?: MessageParams;
}

interface Tallied {
  reason: Reason;
  count: number;
  ids: (number | string)[];
}
/** table → reason id → tally. */
type Tally = Map<string, Map<string, Tallied>>;

/** How many sample source ids a reason lists. */
const SAMPLE_IDS = 10;

function tally(into: Tally, table: string, id: number | string, reason: Reason): void {
  let reasons = into.get(table);
  if (!reasons) {
    reasons = new Map();
    into.set(table, reasons);
  }
  const reasonId = `${reason.key}${JSON.stringify(reason.params ?? {})}`;
  const entry = reasons.get(reasonId) ?? { reason, count: 0, ids: [] };
  entry.count += 1;
  if (entry.ids.length < SAMPLE_IDS) entry.ids.push(id);
  reasons.set(reasonId, entry);
}

export class ImportReport {
  readonly tables = new Map<string, TableCounts>();
  readonly skips: Tally = new Map();
  /** Rows moved with a change (e.g. a cleared duplicate e-mail), with why. */
  readonly adjustments: Tally = new Map();
  /** `table.column` of the source with values Switchyard has no place for → rows with a value. */
  readonly droppedColumns = new Map<string, number>();
  /** Whole tables or features left out, with why. */
  readonly notes: Reason[] = [];

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

  skip(table: string, id: number | string, key: ImportMessageKey, params?: MessageParams): void {
    this.counts(table).skipped += 1;
    tally(this.skips, table, id, params ? { key, params } : { key });
  }

  adjust(table: string, id: number | string, key: ImportMessageKey, params?: MessageParams): void {
    tally(this.adjustments, table, id, params ? { key, params } : { key });
  }

  note(key: ImportMessageKey, params?: MessageParams): void {
    this.notes.push(params ? { key, params } : { key });
  }

  dropped(table: string, column: string): void {
    const key = `${table}.${column}`;
    this.droppedColumns.set(key, (this.droppedColumns.get(key) ?? 0) + 1);
  }

  format(language: Language = 'en'): string {
    const say = (key: ImportMessageKey, params?: MessageParams) =>
      translateImport(language, key, params);
    const places = { source: this.source, target: this.target };
    const cell = (text: string | number, width: number) => String(text).padStart(width);
    const lines = [
      say(this.dryRun ? 'report.titleDryRun' : 'report.titleImport', places),
      '',
      say('report.table').padEnd(14) +
        cell(say('report.read'), 10) +
        cell(say(this.dryRun ? 'report.wouldMove' : 'report.imported'), 12) +
        cell(say('report.earlier'), 10) +
        cell(say('report.skipped'), 10),
    ];
    for (const [table, c] of this.tables) {
      lines.push(
        table.padEnd(14) +
          cell(c.read, 10) +
          cell(c.imported, 12) +
          cell(c.already, 10) +
          cell(c.skipped, 10),
      );
    }
    const section = (title: ImportMessageKey, tallies: Tally) => {
      if (tallies.size === 0) return;
      lines.push('', say(title));
      for (const [table, reasons] of tallies) {
        for (const { reason, count, ids } of reasons.values()) {
          const more = count > ids.length ? ', …' : '';
          const sample = `${say('report.sample')} ${ids.join(', ')}${more}`;
          lines.push(`  ${table}: ${count} × ${say(reason.key, reason.params)} (${sample})`);
        }
      }
    };
    section('report.skippedTitle', this.skips);
    section('report.adjustedTitle', this.adjustments);
    if (this.droppedColumns.size > 0) {
      lines.push('', say('report.droppedTitle'));
      for (const [column, rows] of this.droppedColumns) lines.push(`  ${column}: ${rows}`);
    }
    if (this.notes.length > 0) lines.push('');
    for (const note of this.notes) {
      lines.push(say('report.note', { text: say(note.key, note.params) }));
    }
    return lines.join('\n');
  }
}
