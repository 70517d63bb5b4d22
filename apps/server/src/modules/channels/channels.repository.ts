// SQL for the channels table (abilities live in abilities.ts).
import { ChannelStatus } from '@switchyard/contracts';
import type {
  Expression,
  ExpressionBuilder,
  Insertable,
  Selectable,
  SqlBool,
  Updateable,
} from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { engineOf, insertReturningId } from '../../db/dialect';
import type { ChannelsTable, Schema } from '../../db/schema';
import { channelsChanged } from '../../lib/channel-changes';

export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;
export type ChannelUpdate = Updateable<ChannelsTable>;

export interface ChannelFilter {
  keyword?: string;
  group?: string;
  model?: string;
}

export interface ChannelPageQuery {
  offset: number;
  limit: number;
  idSort: boolean;
}

type Eb = ExpressionBuilder<Schema, 'channels'>;

/** Escapes LIKE wildcards with `!`, which every engine reads the same way (unlike a backslash). */
const literal = (value: string): string => value.replace(/[!%_]/g, (c) => `!${c}`);

function like(column: Expression<string>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${pattern} escape '!'`;
}

const contains = (column: Expression<string>, value: string) => like(column, `%${literal(value)}%`);

function filterExpression(eb: Eb, filter: ChannelFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.keyword) {
    const id = Number(filter.keyword);
    const byKeyword = [
      contains(eb.fn<string>('lower', ['name']), filter.keyword.toLowerCase()),
      eb('key', '=', filter.keyword),
    ];
    if (Number.isSafeInteger(id) && id > 0) byKeyword.push(eb('id', '=', id));
    conditions.push(eb.or(byKeyword));
  }
  if (filter.model) conditions.push(contains(eb.ref('models'), filter.model));
  if (filter.group) {
    // Exact membership in the comma list, without engine-specific string concatenation.
    const g = literal(filter.group);
    const group = eb.ref('group');
    conditions.push(
      eb.or([
        eb('group', '=', filter.group),
        like(group, `${g},%`),
        like(group, `%,${g}`),
        like(group, `%,${g},%`),
      ]),
    );
  }
  return eb.and(conditions);
}

/** One page of channels matching the filter (priority desc unless idSort), with the total. */
export async function findChannelPage(
  db: Db,
  filter: ChannelFilter,
  page: ChannelPageQuery,
): Promise<{ rows: ChannelRow[]; total: number }> {
  let query = db
    .selectFrom('channels')
    .selectAll()
    .where((eb) => filterExpression(eb, filter));
  query = page.idSort
    ? query.orderBy('id', 'desc')
    : query.orderBy('priority', 'desc').orderBy('id', 'desc');
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  const count = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterExpression(eb, filter))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

export function findChannelById(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reads a channel inside a transaction and holds its row lock until the end (PostgreSQL, MySQL),
 * so concurrent changes to one channel rebuild its abilities one after the other, even when the
 * change writes no channel column (an update takes the same lock). SQLite
 * transactions are serialised already.
 */
export function lockChannel(trx: Db, id: number): Promise<ChannelRow | undefined> {
  const query = trx.selectFrom('channels').selectAll().where('id', '=', id);
  return (engineOf(trx) === 'sqlite' ? query : query.forUpdate()).executeTakeFirst();
}

export function listAllChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().orderBy('id').execute();
}

export function listChannelsByTypeAndStatus(
  db: Db,
  types: number[],
  status: number,
): Promise<ChannelRow[]> {
  if (types.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('channels')
    .selectAll()
    .where('type', 'in', types)
    .where('status', '=', status)
    .orderBy('id')
    .execute();
}

// Each write clears the relay's node-local channel candidates (relay/candidate-cache.ts); the
// service clears them again once its transaction has committed.
export function insertChannel(db: Db, channel: NewChannel): Promise<number> {
  channelsChanged();
  return insertReturningId(db, db.insertInto('channels').values(channel));
}

export async function updateChannel(db: Db, id: number, patch: ChannelUpdate): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('channels').set(patch).where('id', '=', id).execute();
  channelsChanged();
}

/** Deletes the channels with these ids; returns how many existed. */
export async function deleteChannels(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
  channelsChanged();
  return Number(result.numDeletedRows);
}

/** Ids of the manually and automatically disabled channels. */
export async function findDisabledChannelIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('status', 'in', [ChannelStatus.manuallyDisabled, ChannelStatus.autoDisabled])
    .execute();
  return rows.map((row) => Number(row.id));
}
