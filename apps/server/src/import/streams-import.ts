// The streamed tables — top-ups, usage logs (millions of rows), drawing and async tasks — moved
// in id order, a batch per transaction that also moves the table's watermark, so memory stays
// flat and a second run (or a run after a crash) starts where the last one ended.
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { Schema } from '../db/schema';
import { tableReader } from './batches';
import { type Mapped, noteDropped } from './entity-mappers';
import type { ImportContext } from './import-context';
import { readWatermark, type StreamKind, writeWatermark } from './import-state';
import type { SourceRow } from './source';
import { type IdMaps, mapLog, mapMidjourney, mapTask, mapTopUp } from './stream-mappers';
import { int } from './values';

type StreamTable = 'top_ups' | 'logs' | 'midjourneys' | 'tasks';

interface StreamStep<T extends StreamTable> {
  table: T;
  columns: readonly string[];
  map(row: SourceRow, maps: IdMaps): Mapped<Insertable<Schema[T]>>;
}

/** Rows per INSERT statement: 17 columns × 400 stays under every engine's parameter limit. */
const INSERT_CHUNK = 400;

async function importStream<T extends StreamTable>(
  ctx: ImportContext,
  step: StreamStep<T>,
): Promise<void> {
  const { report, source } = ctx;
  const kind: StreamKind = step.table;
  const counts = report.counts(step.table);
  const reader = await tableReader(source, step.table, step.columns);
  if (!reader) {
    report.note('note.noTable', { table: step.table });
    return;
  }
  const after = await readWatermarkSafe(ctx, kind);
  const total = await reader.count(after);
  const started = Date.now();
  let done = 0;
  let lastProgress = 0;
  for await (const batch of reader.batches(after, ctx.batchSize)) {
    const rows: Insertable<Schema[T]>[] = [];
    for (const row of batch) {
      counts.read += 1;
      noteDropped(report, step.table, row);
      const mapped = step.map(row, ctx.maps);
      if ('skip' in mapped) report.skip(step.table, int(row, 'id'), mapped.skip);
      else rows.push(mapped.row);
    }
    const lastId = int(batch[batch.length - 1] ?? {}, 'id');
    if (!ctx.dryRun) {
      await ctx.target.transaction().execute(async (trx) => {
        await insertRows(trx, step.table, rows);
        await writeWatermark(trx, source.key, kind, lastId);
      });
    }
    counts.imported += rows.length;
    done += batch.length;
    if (Date.now() - lastProgress > 1000 || done === total) {
      lastProgress = Date.now();
      const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
      ctx.progress({ table: step.table, done, total, rate });
    }
  }
}

async function insertRows<T extends StreamTable>(
  db: Db,
  table: T,
  rows: Insertable<Schema[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    // Kysely cannot narrow a generic table's row type; the mapper produced exactly this table's row.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + INSERT_CHUNK) as never)
      .execute();
  }
}

/** A dry run may look at a target that was never migrated: no watermark then. */
async function readWatermarkSafe(ctx: ImportContext, kind: StreamKind): Promise<number> {
  try {
    return await readWatermark(ctx.target, ctx.source.key, kind);
  } catch (error) {
    if (ctx.dryRun) return 0;
    throw error;
  }
}

export const importTopUps = (ctx: ImportContext) =>
  importStream(ctx, {
    table: 'top_ups',
    columns: [
      'user_id',
      'amount',
      'money',
      'trade_no',
      'payment_method',
      'status',
      'create_time',
      'complete_time',
    ],
    map: mapTopUp,
  });

export const importLogs = (ctx: ImportContext) =>
  importStream(ctx, {
    table: 'logs',
    columns: [
      'user_id',
      'created_at',
      'type',
      'content',
      'username',
      'token_name',
      'model_name',
      'quota',
      'prompt_tokens',
      'completion_tokens',
      'use_time',
      'elapsed_time',
      'is_stream',
      'channel_id',
      'token_id',
      'other',
      'group',
      'ip',
      'request_id',
      'system_prompt_reset',
    ],
    map: mapLog,
  });

export const importMidjourneys = (ctx: ImportContext) =>
  importStream(ctx, {
    table: 'midjourneys',
    columns: [
      'code',
      'user_id',
      'action',
      'mj_id',
      'prompt',
      'prompt_en',
      'description',
      'state',
      'submit_time',
      'start_time',
      'finish_time',
      'image_url',
      'status',
      'progress',
      'fail_reason',
      'channel_id',
      'quota',
      'buttons',
      'properties',
      'video_url',
      'video_urls',
    ],
    map: mapMidjourney,
  });

export const importTasks = (ctx: ImportContext) =>
  importStream(ctx, {
    table: 'tasks',
    columns: [
      'created_at',
      'updated_at',
      'task_id',
      'platform',
      'user_id',
      'channel_id',
      'quota',
      'action',
      'status',
      'fail_reason',
      'submit_time',
      'start_time',
      'finish_time',
      'progress',
      'properties',
      'data',
      'group',
      'private_data',
    ],
    map: mapTask,
  });
