// The kept Responses (relay_responses): the only SQL of the Responses dialect.
import type { Db } from '../../../db/database';
import type { RelayResponsesTable } from '../../../db/schema';

export type KeptResponse = RelayResponsesTable;

export async function keepResponse(db: Db, row: KeptResponse): Promise<void> {
  await db.insertInto('relay_responses').values(row).execute();
}

/** A response the token made, if kept and not older than `since` (unix seconds). */
export function findResponse(db: Db, id: string, tokenId: number, since: number) {
  return db
    .selectFrom('relay_responses')
    .selectAll()
    .where('id', '=', id)
    .where('token_id', '=', tokenId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Deletes a response of the token; true when one was deleted. */
export async function deleteResponse(db: Db, id: string, tokenId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('relay_responses')
    .where('id', '=', id)
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes responses made before `before` (unix seconds). */
export async function purgeResponses(db: Db, before: number): Promise<void> {
  await db.deleteFrom('relay_responses').where('created_at', '<', before).execute();
}
