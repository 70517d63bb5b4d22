// Usage export as CSV: the log list's filters, newest first, streamed in keyset batches so a
// million rows take the memory of one batch; a totals row over the consumption rows closes it
// (the same sums as /api/log/stat).
import { Readable } from 'node:stream';
import { type Language, type LogOther, LogType } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { type MessageKey, translate } from '../../i18n';
import { renderLogContent } from '../../i18n/log-content';
import { type CsvRecord, csvText } from '../../lib/csv';
import { type ExportLogRow, type LogCursor, type LogFilter, logsAfter } from './logs.repository';

/** Rows per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

export interface ExportOptions {
  filter: LogFilter;
  language: Language;
  /** Admins also get the user and channel columns. */
  admin: boolean;
  quotaPerUnit: number;
}

const HEADERS: MessageKey[] = [
  'export.header.time',
  'export.header.token',
  'export.header.model',
  'export.header.type',
  'export.header.prompt',
  'export.header.completion',
  'export.header.cached',
  'export.header.quota',
  'export.header.dollars',
  'export.header.useTime',
  'export.header.stream',
];
const ADMIN_HEADERS: MessageKey[] = ['export.header.user', 'export.header.channel'];

/** Cached prompt tokens, when the relay recorded them in `other` (`cached_tokens`). */
function cachedTokens(other: string | null): number {
  if (other === null || !other.includes('cached_tokens')) return 0;
  try {
    const parsed = JSON.parse(other) as LogOther;
    return typeof parsed.cached_tokens === 'number' ? parsed.cached_tokens : 0;
  } catch {
    return 0;
  }
}

/** UTC, sortable and unambiguous in a spreadsheet. */
const LOG_TYPES: ReadonlySet<number> = new Set(Object.values(LogType));

const formatTime = (seconds: number): string =>
  new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

const dollars = (quota: number, perUnit: number): string => (quota / perUnit).toFixed(6);

/** Records in batches: one CSV text per database batch keeps the per-row stream overhead away. */
async function* csvBatches(db: Db, options: ExportOptions): AsyncGenerator<CsvRecord[]> {
  const { language, admin, quotaPerUnit } = options;
  const t = (key: MessageKey) => translate(language, key);
  // The content last, in the requester's language (a template row) or as written (an old row).
  const content: MessageKey = 'export.header.content';
  yield [[...HEADERS, ...(admin ? ADMIN_HEADERS : []), content].map(t)];
  const typeName = (type: number): string =>
    LOG_TYPES.has(type) ? t(`export.type.${type}` as MessageKey) : String(type);
  const totals = { prompt: 0, completion: 0, cached: 0, quota: 0 };
  let cursor: LogCursor | undefined;
  for (;;) {
    const rows: ExportLogRow[] = await logsAfter(db, options.filter, cursor, EXPORT_BATCH);
    const records: CsvRecord[] = [];
    for (const row of rows) {
      const cached = cachedTokens(row.other);
      if (row.type === LogType.consume) {
        totals.prompt += row.prompt_tokens;
        totals.completion += row.completion_tokens;
        totals.cached += cached;
        totals.quota += row.quota;
      }
      const record: CsvRecord = [
        formatTime(row.created_at),
        row.token_name,
        row.model_name,
        typeName(row.type),
        row.prompt_tokens,
        row.completion_tokens,
        cached,
        row.quota,
        dollars(row.quota, quotaPerUnit),
        row.use_time,
        row.is_stream === 1 ? t('export.yes') : t('export.no'),
      ];
      if (admin) record.push(row.username, row.channel_id);
      record.push(renderLogContent(row.content, language));
      records.push(record);
    }
    if (records.length > 0) yield records;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) break;
    cursor = { createdAt: last.created_at, id: Number(last.id) };
  }
  yield [
    [
      t('export.totals'),
      '',
      '',
      t('export.type.2'),
      totals.prompt,
      totals.completion,
      totals.cached,
      totals.quota,
      dollars(totals.quota, quotaPerUnit),
      '',
      '',
      ...(admin ? ['', ''] : []),
      '',
    ],
  ];
}

/** The CSV body as a stream (UTF-8 with a BOM, so spreadsheet programs read Chinese right). */
export function exportLogsCsv(db: Db, options: ExportOptions): Readable {
  async function* text(): AsyncGenerator<string> {
    let first = true;
    for await (const records of csvBatches(db, options)) {
      yield csvText(records, { bom: first });
      first = false;
    }
  }
  // Readable.from pulls the next batch only when the client has taken the last one.
  return Readable.from(text(), { objectMode: false });
}
