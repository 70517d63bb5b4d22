// The kept Responses (relay_responses): the only SQL of the Responses dialect.
import type { Db } from '../../../db/database';
import { sqliteDirectOf } from '../../../db/database';
import type { RelayResponsesTable } from '../../../db/schema';
import { invalidateChannelCandidates } from '../../candidate-cache';
import { type Arg, type DirectStatement, directTemplate, runTemplate } from '../../query-templates';

export type KeptResponse = RelayResponsesTable;

const COLUMNS = [
  'id',
  'token_id',
  'user_id',
  'channel_id',
  'model',
  'created_at',
  'response',
  'conversation',
] as const;

const insertQuery = (db: Db, arg: Arg) =>
  db.insertInto('relay_responses').values({
    id: arg(0),
    token_id: arg(1),
    user_id: arg(2),
    channel_id: arg(3),
    model: arg(4),
    created_at: arg(5),
    response: arg(6),
    conversation: arg(7),
  });

const directInserts = new WeakMap<Db, DirectStatement<unknown>>();

const argsOf = (row: KeptResponse) => COLUMNS.map((column) => row[column]);

/**
 * Inserts kept responses: one statement compiled once per engine for a single row, on SQLite a
 * prepared statement run synchronously, several rows in one transaction.
 */
async function insertResponses(db: Db, rows: readonly KeptResponse[]): Promise<void> {
  const direct = sqliteDirectOf(db);
  if (direct && !direct.connection.inTransaction) {
    let insert = directInserts.get(db);
    if (!insert) {
      insert = directTemplate(db, direct, 'keepResponse', insertQuery, COLUMNS.length);
      directInserts.set(db, insert);
    }
    const statement = insert;
    direct.connection.transaction(() => {
      for (const row of rows) statement.run(...argsOf(row));
    })();
    return;
  }
  if (rows.length === 1)
    await runTemplate(db, 'keepResponse', insertQuery, argsOf(rows[0] as KeptResponse));
  else
    await db
      .insertInto('relay_responses')
      .values([...rows])
      .execute();
}

interface Pending {
  row: KeptResponse;
  done: () => void;
  fail: (error: unknown) => void;
}

/**
 * Kept responses written in batches, off the reply's path: rows reported while a batch waits go
 * out with it (one transaction on SQLite, one INSERT elsewhere). A write pages a table and three
 * indexes, so on SQLite a commit per reply costs more than building the reply; batched, the
 * pages are shared. `write` resolves once the row is committed.
 */
export class ResponseWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;

  /** `delayMs` 0 writes at the end of the current turn of the event loop. */
  constructor(
    private readonly db: Db,
    private readonly delayMs: number,
  ) {}

  write(row: KeptResponse): Promise<void> {
    return new Promise((done, fail) => {
      this.queue.push({ row, done, fail });
      if (this.timer) return;
      const flush = () => void this.flush();
      this.timer = this.delayMs > 0 ? setTimeout(flush, this.delayMs) : setImmediate(flush);
    });
  }

  /** Writes what is queued now (also at close). */
  async flush(): Promise<void> {
    this.timer = null;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    try {
      await insertResponses(
        this.db,
        batch.map((pending) => pending.row),
      );
      for (const pending of batch) pending.done();
    } catch (error) {
      for (const pending of batch) pending.fail(error);
    }
  }
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

/** A channel's other_info (its learnt Responses API mode, beside the status reason). */
export async function saveChannelInfo(db: Db, channelId: number, otherInfo: string): Promise<void> {
  await db
    .updateTable('channels')
    .set({ other_info: otherInfo })
    .where('id', '=', channelId)
    .execute();
  // The candidates carry other_info: the next request reads the mode just learnt.
  invalidateChannelCandidates();
}
