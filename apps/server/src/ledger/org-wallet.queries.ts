// The org wallet's SQL (issue 32), built once as templates: the member's cap window and the org's
// balance, taken with the reservation and moved at its settlement (org-wallet.ts runs them).
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Arg } from '../relay/query-templates';

/** A window that began before `cutoff` is over (the next take starts it again at freshStart). */
const over = (arg: Arg) => sql<boolean>`window_started_at < ${arg(3)}`;

/**
 * Holds the amount in the member's cap window: admitted only while what the window has spent and
 * holds plus this amount stays within `quota_limit` (0: no cap), so a member never goes over.
 * Also the membership check: a removed member's row is gone and nothing is taken.
 * Args: amount, org id, user id, cutoff, freshStart. On MySQL SET runs left to right, so
 * window_started_at is assigned last.
 */
export const takeMemberQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('org_members')
    .set({
      window_used: sql`CASE WHEN ${over(arg)} THEN 0 ELSE window_used END`,
      window_reserved: sql`CASE WHEN ${over(arg)} THEN ${arg(0)} ELSE window_reserved + ${arg(0)} END`,
      window_started_at: sql`CASE WHEN ${over(arg)} THEN ${arg(4)} ELSE window_started_at END`,
    })
    .where('org_id', '=', arg<number>(1))
    .where('user_id', '=', arg<number>(2))
    .where(
      sql<boolean>`(quota_limit = 0 OR (CASE WHEN ${over(arg)} THEN 0 ELSE window_used + window_reserved END) + ${arg(0)} <= quota_limit)`,
    );

/** The member's cap window (args: org id, user id). */
export const memberWindowQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('org_members')
    .select(['window_started_at', 'window_used', 'window_reserved', 'quota_limit'])
    .where('org_id', '=', arg<number>(0))
    .where('user_id', '=', arg<number>(1));

export interface MemberWindowRow {
  window_started_at: number;
  window_used: number;
  window_reserved: number;
  quota_limit: number;
}

/** quota − amount where quota ≥ amount and the org is not deleted (args: amount, id). */
export const takeOrgQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('orgs')
    .set({ quota: sql`quota - ${arg(0)}` })
    .where('id', '=', arg<number>(1))
    .where('deleted_at', 'is', null)
    .where('quota', '>=', arg<number>(0));

/**
 * A member's settlement: `charged` counted in the window and the member's spend, the holds `back`
 * given back from window_reserved if the window that held them is still the current one.
 * Args: charged, back, startedAt, requests, org id, user id.
 */
export const moveMemberQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('org_members')
    .set({
      window_used: sql`window_used + ${arg(0)}`,
      window_reserved: sql`CASE WHEN window_started_at = ${arg(2)} THEN (CASE WHEN window_reserved > ${arg(1)} THEN window_reserved - ${arg(1)} ELSE 0 END) ELSE window_reserved END`,
      used_quota: sql`used_quota + ${arg(0)}`,
      request_count: sql`request_count + ${arg(3)}`,
    })
    .where('org_id', '=', arg<number>(4))
    .where('user_id', '=', arg<number>(5));

/** quota − delta, used_quota + used, request_count + requests (args: delta, used, requests, id). */
export const moveOrgQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('orgs')
    .set({
      quota: sql`quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(1)}`,
      request_count: sql`request_count + ${arg(2)}`,
    })
    .where('id', '=', arg<number>(3));
