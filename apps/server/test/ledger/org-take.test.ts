// The org take (ledger/org-wallet.ts' takeOrgQuota; on SQLite the synchronous org-take-direct.ts,
// elsewhere a Kysely transaction): the token, the member's cap window and the org's balance are
// taken with the journal row all or nothing, and a refusal says which guard refused and leaves
// every row as it was. Called directly, so each guard is met without a race to win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { takeOrgQuota } from '../../src/ledger/org-wallet';
import { createUser } from '../helpers/factories';
import { createToken, type RelayHarness, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});
afterAll(() => h.close());

const NOW = 1_900_000_000;
/** The member's day window started before NOW (cutoff) and would start at freshStart anew. */
const TERMS = { cutoff: NOW - 3600, freshStart: NOW - 60 };

let sequence = 0;

async function orgWithMember(db: Db, input: { orgQuota: number; cap: number; token?: number }) {
  sequence += 1;
  const user = await createUser(db, { username: `orgtake${sequence}` });
  const name = `take ${sequence}`;
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

function entry(ids: { userId: number; orgId: number; tokenId: number }, amount: number) {
  sequence += 1;
  return {
    id: `orgtake${sequence}${'0'.repeat(20)}`.slice(0, 32),
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

async function state(ids: { userId: number; orgId: number; tokenId: number }) {
  const org = await h.db
    .selectFrom('orgs')
    .select('quota')
    .where('id', '=', ids.orgId)
    .executeTakeFirstOrThrow();
  const member = await h.db
    .selectFrom('org_members')
    .select(['window_reserved', 'window_used'])
    .where('org_id', '=', ids.orgId)
    .where('user_id', '=', ids.userId)
    .executeTakeFirst();
  const token = await h.db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', ids.tokenId)
    .executeTakeFirstOrThrow();
  const journal = await h.db
    .selectFrom('relay_reservations')
    .select(['id', 'amount', 'funding', 'window_started_at'])
    .where('token_id', '=', ids.tokenId)
    .execute();
  return {
    org: Number(org.quota),
    reserved: member ? Number(member.window_reserved) : null,
    token: Number(token.remain_quota),
    journal: journal.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}

describe('the org take', () => {
  it('takes from the org and holds in the member window, with the journal row', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 5000, cap: 3000 });
    const taken = await takeOrgQuota(h.db, entry(ids, 1200), NOW);
    expect(taken).toEqual({ taken: true, windowStartedAt: TERMS.freshStart });
    const after = await state(ids);
    expect(after.org).toBe(3800);
    expect(after.reserved).toBe(1200);
    expect(after.journal).toHaveLength(1);
    expect(after.journal[0]).toMatchObject({ amount: 1200, funding: `org:${ids.orgId}` });
    expect(Number(after.journal[0]?.window_started_at)).toBe(TERMS.freshStart);
  });

  it("refuses when the org's balance is short, and writes nothing", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 1000, cap: 0 });
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, entry(ids, 1001), NOW)).toEqual({
      taken: false,
      spent: 'org',
    });
    expect(await state(ids)).toEqual(before);
    expect(before.journal).toEqual([]);
  });

  it("refuses when the member's cap is spent, and writes nothing", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 1000 });
    expect((await takeOrgQuota(h.db, entry(ids, 800), NOW)).taken).toBe(true);
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, entry(ids, 300), NOW)).toEqual({
      taken: false,
      spent: 'cap',
    });
    expect(await state(ids)).toEqual(before);
  });

  it("refuses when the token's own balance is short, and writes nothing", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 0, token: 500 });
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, entry(ids, 501), NOW)).toEqual({
      taken: false,
      spent: 'token',
    });
    expect(await state(ids)).toEqual(before);
  });

  it('refuses a user who is no longer a member, and writes nothing', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 0 });
    await h.db
      .deleteFrom('org_members')
      .where('org_id', '=', ids.orgId)
      .where('user_id', '=', ids.userId)
      .execute();
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, entry(ids, 100), NOW)).toEqual({
      taken: false,
      spent: 'member',
    });
    expect(await state(ids)).toEqual(before);
  });
});
