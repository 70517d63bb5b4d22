// An org with one member and an org token, and the org ledger's rows, for the tests that call
// the org take and settlement directly (ledger/org-take.test.ts, ledger/org-settle.test.ts).
import type { Db } from '../../src/db/database';
import { createUser } from './factories';
import { createToken } from './relay-fixtures';

export const NOW = 1_900_000_000;
/** The member's day window started before NOW (cutoff) and would start at freshStart anew. */
export const TERMS = { cutoff: NOW - 3600, freshStart: NOW - 60 };

export interface OrgIds {
  userId: number;
  orgId: number;
  tokenId: number;
}

let sequence = 0;

/** An org with `orgQuota`, one member capped at `cap` (0: none) a day, and an org token
 * (limited to `token` when given, else unlimited). */
export async function orgWithMember(
  db: Db,
  input: { orgQuota: number; cap: number; token?: number },
): Promise<OrgIds> {
  sequence += 1;
  const user = await createUser(db, { username: `orgledger${sequence}` });
  const name = `ledger ${sequence}`;
  await db
    .insertInto('orgs')
    .values({ name, quota: input.orgQuota, created_by: user.id, created_at: NOW })
    .execute();
  const org = await db
    .selectFrom('orgs')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const orgId = Number(org.id);
  await db
    .insertInto('org_members')
    .values({
      org_id: orgId,
      user_id: user.id,
      role: 'member',
      quota_limit: input.cap,
      window_period: 'day',
      joined_at: NOW,
    })
    .execute();
  const token = await createToken(db, user.id, {
    remainQuota: input.token ?? 0,
    unlimited: input.token === undefined,
  });
  await db.updateTable('tokens').set({ org_id: orgId }).where('id', '=', token.id).execute();
  return { userId: user.id, orgId, tokenId: token.id };
}

/** An org take's journal entry for `amount` (a fresh id each call). */
export function orgTakeEntry(ids: OrgIds, amount: number) {
  sequence += 1;
  return {
    id: `orgledger${sequence}${'0'.repeat(23)}`.slice(0, 32),
    userId: ids.userId,
    tokenId: ids.tokenId,
    amount,
    nodeId: 'test',
    leaseUntil: Date.now() + 60_000,
    createdAt: NOW,
    model: 'per-call',
    stream: false,
    funding: { kind: 'org' as const, orgId: ids.orgId },
    orgId: ids.orgId,
    terms: TERMS,
  };
}

/** The org's balance, the member's window and spend, the token's balance and its journal rows. */
export async function orgLedgerState(db: Db, ids: OrgIds) {
  const org = await db
    .selectFrom('orgs')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', ids.orgId)
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('org_members')
    .select(['window_reserved', 'window_used', 'used_quota', 'request_count'])
    .where('org_id', '=', ids.orgId)
    .where('user_id', '=', ids.userId)
    .executeTakeFirst();
  const token = await db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', ids.tokenId)
    .executeTakeFirstOrThrow();
  const journal = await db
    .selectFrom('relay_reservations')
    .select(['id', 'amount', 'funding', 'window_started_at'])
    .where('token_id', '=', ids.tokenId)
    .execute();
  return {
    org: Number(org.quota),
    orgUsed: Number(org.used_quota),
    orgRequests: Number(org.request_count),
    reserved: member ? Number(member.window_reserved) : null,
    windowUsed: member ? Number(member.window_used) : null,
    memberUsed: member ? Number(member.used_quota) : null,
    memberRequests: member ? Number(member.request_count) : null,
    token: Number(token.remain_quota),
    tokenUsed: Number(token.used_quota),
    journal: journal.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}
