// SQL of the reservation journal outside the take and the settlement: lease renewal, what a
// stream has delivered, and the rows to reconcile (see reconciliation.ts).
import type { Db } from '../db/database';
import { KNOWN_FUNDING, KNOWN_FUNDING_PREFIXES } from './funding';

export interface JournalRow {
  id: string;
  user_id: number;
  token_id: number;
  amount: number;
  node_id: string;
  lease_until: number;
  created_at: number;
  model_name: string;
  is_stream: number;
  delivered: number;
  /** The token's quota window the amount is also held in (its start), 0 when none. */
  window_started_at: number;
  /** Where the amount was taken from (ledger/funding.ts). */
  funding: string;
}

/** Extends the lease of every row this node owns. */
export async function renewLease(db: Db, nodeId: string, leaseUntil: number): Promise<void> {
  await db
    .updateTable('relay_reservations')
    .set({ lease_until: leaseUntil })
    .where('node_id', '=', nodeId)
    .execute();
}

/** Records what a stream has delivered so far (quota worth). */
export async function recordDelivered(db: Db, id: string, delivered: number): Promise<void> {
  await db.updateTable('relay_reservations').set({ delivered }).where('id', '=', id).execute();
}

/** Rows left by this node in an earlier life (it owns none yet), or whose lease has expired. */
export function listOrphans(
  db: Db,
  query: { nodeId: string } | { expiredBefore: number },
  limit: number,
): Promise<JournalRow[]> {
  // Rows of a funding source this version cannot move are left for a node that can; filtered here
  // so that they never crowd the rows it can reconcile out of a round's batch.
  let select = db
    .selectFrom('relay_reservations')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('funding', 'in', [...KNOWN_FUNDING]),
        ...KNOWN_FUNDING_PREFIXES.map((prefix) => eb('funding', 'like', `${prefix}%`)),
      ]),
    );
  select =
    'nodeId' in query
      ? select.where('node_id', '=', query.nodeId)
      : select.where('lease_until', '<', query.expiredBefore);
  return select.orderBy('created_at').limit(limit).execute() as Promise<JournalRow[]>;
}

/** Names of a user and a token, for the consume log of a reconciled request. */
export async function namesOf(
  db: Db,
  userId: number,
  tokenId: number,
): Promise<{ username: string; tokenName: string }> {
  const user = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  const token = await db
    .selectFrom('tokens')
    .select('name')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return { username: user?.username ?? '', tokenName: token?.name ?? '' };
}
