// SQL of the per-token cache-hit chart (issue 28): the range's tokens with the most prompt
// tokens, then their prompt and cached tokens per hour. Cached tokens live in the consume log's
// `other` JSON (`cached_tokens`, written by the relay's price fields); each engine reads it its
// own way, and a row whose `other` is not JSON or has no cache field counts 0 cached.
import { LogType, type TokenCacheBucket } from '@switchyard/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';
import { HOUR } from './data.repository';

export interface TokenCacheFilter {
  start: number;
  end: number;
  /** One user's tokens; undefined: everyone's (admins). */
  userId?: number | undefined;
  /** Only calls this source paid for (`org:<id>`, an org's dashboard); undefined: any source. */
  funding?: string | undefined;
}

/**
 * `other`'s cached_tokens as an integer, 0 when absent. SQLite parses the JSON; PostgreSQL and
 * MySQL match the digits (a cast of text to JSON would fail the whole query on one bad row).
 */
function cachedTokensOf(db: Db): RawBuilder<number> {
  switch (engineOf(db)) {
    case 'postgres':
      return sql<number>`coalesce(cast(substring(other from '"cached_tokens": {0,1}([0-9]+)') as bigint), 0)`;
    case 'mysql':
      return sql<number>`coalesce(cast(regexp_substr(regexp_substr(other, '"cached_tokens": {0,1}[0-9]+'), '[0-9]+') as unsigned), 0)`;
    default:
      return sql<number>`(case when json_valid(other) then coalesce(json_extract(other, '$.cached_tokens'), 0) else 0 end)`;
  }
}

const hourOf = sql<number>`created_at - (created_at % ${sql.lit(HOUR)})`;

function consumeLogs(db: Db, filter: TokenCacheFilter) {
  let query = db
    .selectFrom('logs')
    .where('type', '=', LogType.consume)
    .where('created_at', '>=', filter.start)
    .where('created_at', '<=', filter.end)
    .where('token_id', '>', 0);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.funding !== undefined) query = query.where('funding', '=', filter.funding);
  return query;
}

/**
 * The `top` tokens with the most prompt tokens in the range (ties: the lower id first), read from
 * the (type, created_at, token_id, prompt_tokens) index alone (an org's, by funding, from the
 * (funding, created_at) index and its rows).
 */
export async function topPromptTokens(
  db: Db,
  filter: TokenCacheFilter,
  top: number,
): Promise<number[]> {
  const rows = await consumeLogs(db, filter)
    .select((eb) => ['token_id', eb.fn.sum<number>('prompt_tokens').as('prompt')])
    .groupBy('token_id')
    .having((eb) => eb.fn.sum('prompt_tokens'), '>', 0)
    .orderBy('prompt', 'desc')
    .orderBy('token_id')
    .limit(top)
    .execute();
  return rows.map((row) => Number(row.token_id));
}

/**
 * Prompt and cached tokens of each of `tokenIds` per hour, oldest first, with the token's name
 * and owner as its logs carry them.
 */
export async function hourlyCacheReads(
  db: Db,
  filter: TokenCacheFilter,
  tokenIds: readonly number[],
): Promise<TokenCacheBucket[]> {
  if (tokenIds.length === 0) return [];
  const rows = await consumeLogs(db, filter)
    .where('token_id', 'in', [...tokenIds])
    .select((eb) => [
      'token_id',
      hourOf.as('hour'),
      eb.fn.max('token_name').as('token_name'),
      eb.fn.max('username').as('username'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>(cachedTokensOf(db)).as('cached_tokens'),
    ])
    .groupBy(['token_id', hourOf])
    .orderBy('hour')
    .orderBy('token_id')
    .execute();
  return rows.map((row) => ({
    token_id: Number(row.token_id),
    token_name: row.token_name,
    username: row.username,
    created_at: Number(row.hour),
    prompt_tokens: Number(row.prompt_tokens),
    cached_tokens: Number(row.cached_tokens),
  }));
}
