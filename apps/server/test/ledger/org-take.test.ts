// The org take (ledger/org-wallet.ts' takeOrgQuota; on SQLite the synchronous org-take-direct.ts,
// elsewhere a Kysely transaction): the token, the member's cap window and the org's balance are
// taken with the journal row all or nothing, and a refusal says which guard refused and leaves
// every row as it was. Called directly, so each guard is met without a race to win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeOrgQuota } from '../../src/ledger/org-wallet';
import {
  NOW,
  type OrgIds,
  orgLedgerState,
  orgTakeEntry,
  orgWithMember,
  TERMS,
} from '../helpers/org-ledger';
import { type RelayHarness, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});
afterAll(() => h.close());

const state = (ids: OrgIds) => orgLedgerState(h.db, ids);

describe('the org take', () => {
  it('takes from the org and holds in the member window, with the journal row', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 5000, cap: 3000 });
    const taken = await takeOrgQuota(h.db, orgTakeEntry(ids, 1200), NOW);
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
    expect(await takeOrgQuota(h.db, orgTakeEntry(ids, 1001), NOW)).toEqual({
      taken: false,
      spent: 'org',
    });
    expect(await state(ids)).toEqual(before);
    expect(before.journal).toEqual([]);
  });

  it("refuses when the member's cap is spent, and writes nothing", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 1000 });
    expect((await takeOrgQuota(h.db, orgTakeEntry(ids, 800), NOW)).taken).toBe(true);
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, orgTakeEntry(ids, 300), NOW)).toEqual({
      taken: false,
      spent: 'cap',
    });
    expect(await state(ids)).toEqual(before);
  });

  it("refuses when the token's own balance is short, and writes nothing", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 0, token: 500 });
    const before = await state(ids);
    expect(await takeOrgQuota(h.db, orgTakeEntry(ids, 501), NOW)).toEqual({
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
    expect(await takeOrgQuota(h.db, orgTakeEntry(ids, 100), NOW)).toEqual({
      taken: false,
      spent: 'member',
    });
    expect(await state(ids)).toEqual(before);
  });

  it('takes of one event-loop turn: a refused one is rolled back alone, the others stay', async () => {
    // Started together, they share one transaction on SQLite (each a savepoint of its own).
    const roomy = await orgWithMember(h.db, { orgQuota: 10_000, cap: 0 });
    const capped = await orgWithMember(h.db, { orgQuota: 10_000, cap: 500, token: 5000 });
    const before = await state(capped);
    const results = await Promise.all([
      takeOrgQuota(h.db, orgTakeEntry(roomy, 1000), NOW),
      takeOrgQuota(h.db, orgTakeEntry(capped, 800), NOW),
      takeOrgQuota(h.db, orgTakeEntry(roomy, 2000), NOW),
    ]);
    expect(results).toEqual([
      { taken: true, windowStartedAt: TERMS.freshStart },
      { taken: false, spent: 'cap' },
      { taken: true, windowStartedAt: TERMS.freshStart },
    ]);
    expect(await state(capped)).toEqual(before);
    const after = await state(roomy);
    expect(after.org).toBe(7000);
    expect(after.reserved).toBe(3000);
    expect(after.journal.map((row) => row.amount).sort((a, b) => a - b)).toEqual([1000, 2000]);
  });
});
