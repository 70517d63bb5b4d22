// SQL of the quota windows: reserve on admission, charge the real quota on settlement, give the
// reservation back on release. Each is one guarded UPDATE, so every node and process agrees.
import type { TokenWindowPeriod } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';

export interface TokenLimits {
  id: number;
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
  window_period: TokenWindowPeriod;
  window_quota: number;
}

/** The limit columns of a token (for a caller whose admission query does not select them). */
export async function loadTokenLimits(db: Db, tokenId: number): Promise<TokenLimits | undefined> {
  const row = await db
    .selectFrom('tokens')
    .select(['id', 'rpm_limit', 'tpm_limit', 'concurrency_limit', 'window_period', 'window_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    rpm_limit: Number(row.rpm_limit),
    tpm_limit: Number(row.tpm_limit),
    concurrency_limit: Number(row.concurrency_limit),
    window_period: row.window_period as TokenWindowPeriod,
    window_quota: Number(row.window_quota),
  };
}

/**
 * Reserves `amount` in the token's window while something is left in it; a window that began
 * before `cutoff` is over and restarts at `freshStart` with this reservation alone. Returns the
 * window's start when admitted, undefined when the window is spent.
 * On MySQL SET runs left to right with updated values, so window_started_at is assigned last.
 */
export async function reserveWindow(
  db: Db,
  tokenId: number,
  window: { cutoff: number; freshStart: number; amount: number },
): Promise<number | undefined> {
  const { cutoff, freshStart, amount } = window;
  const over = sql`window_started_at < ${cutoff}`;
  const update = db
    .updateTable('tokens')
    .set({
      window_used: sql`CASE WHEN ${over} THEN 0 ELSE window_used END`,
      window_reserved: sql`CASE WHEN ${over} THEN ${amount} ELSE window_reserved + ${amount} END`,
      window_started_at: sql`CASE WHEN ${over} THEN ${freshStart} ELSE window_started_at END`,
    })
    .where('id', '=', tokenId)
    .where(sql<boolean>`(${over} OR window_used + window_reserved < window_quota)`);
  // SQLite and PostgreSQL hand the new start back in the same statement; MySQL reads it after.
  if (engineOf(db) !== 'mysql') {
    const row = await update.returning('window_started_at').executeTakeFirst();
    return row ? Number(row.window_started_at) : undefined;
  }
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const row = await db
    .selectFrom('tokens')
    .select('window_started_at')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return Number(row.window_started_at);
}

/** Where the window of a token stands (for a refusal's Retry-After). */
export async function windowState(db: Db, tokenId: number) {
  const row = await db
    .selectFrom('tokens')
    .select(['window_started_at', 'window_used', 'window_reserved'])
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return {
    startedAt: Number(row?.window_started_at ?? 0),
    used: Number(row?.window_used ?? 0),
    reserved: Number(row?.window_reserved ?? 0),
  };
}

const takeBack = (amount: number) =>
  sql<number>`CASE WHEN window_reserved > ${amount} THEN window_reserved - ${amount} ELSE 0 END`;

/**
 * Charges the real quota to the window and drops the reservation if that window is still the
 * current one (a request that outlived its window charges the new one).
 */
export async function settleWindow(
  db: Db,
  tokenId: number,
  reservation: { startedAt: number; amount: number },
  quota: number,
): Promise<void> {
  await db
    .updateTable('tokens')
    .set({
      window_used: sql`window_used + ${quota}`,
      window_reserved: sql`CASE WHEN window_started_at = ${reservation.startedAt} THEN ${takeBack(reservation.amount)} ELSE window_reserved END`,
    })
    .where('id', '=', tokenId)
    .execute();
}

export async function releaseWindow(
  db: Db,
  tokenId: number,
  reservation: { startedAt: number; amount: number },
): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ window_reserved: takeBack(reservation.amount) })
    .where('id', '=', tokenId)
    .where('window_started_at', '=', reservation.startedAt)
    .execute();
}
