// The per-token cache-hit chart (issue 28) ranks a range's tokens by prompt tokens: a covering
// index of (type, created_at, token_id, prompt_tokens) answers that from the index alone, where the
// stat indexes lack token_id and every row of the range was read from the table (bench/logs:
// every user's 7 days of a million logs, 1.45 s before).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';

/** Named by hand, as the stat indexes are: a derived name passes MySQL's 64 characters. */
export const TOKEN_PROMPT_INDEX = 'idx_logs_consume_token_prompt';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(TOKEN_PROMPT_INDEX)
    .on('logs')
    .columns(['type', 'created_at', 'token_id', 'prompt_tokens'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drop = db.schema.dropIndex(TOKEN_PROMPT_INDEX);
  await (engineOf(db) === 'mysql' ? drop.on('logs') : drop).execute();
}
