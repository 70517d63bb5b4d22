// The org settlement (ledger/org-wallet.ts' settleOrgQuotas; on SQLite the synchronous
// org-settle-direct.ts, elsewhere a Kysely transaction), called directly on reservations the org
// take made: the difference goes back to (or is taken from) the org, the member's window gives
// its hold back and counts the charge, the token, the channel and the consume log get the
// charge, exactly once; a cost above the reservation is charged only as far as the org's
// balance, the member's cap and the token's balance reach, and its log says it was capped.
import { LogType } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleOrgQuotas, takeOrgQuota } from '../../src/ledger/org-wallet';
import type { Settlement } from '../../src/ledger/settlement-plan';
import {
  NOW,
  type OrgIds,
  orgLedgerState,
  orgTakeEntry,
  orgWithMember,
} from '../helpers/org-ledger';
import { type RelayHarness, seedChannel, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;
let channelId: number;

beforeAll(async () => {
  h = await startRelayHarness();
  channelId = await seedChannel(h.db, { key: 'org-settle', models: ['per-call'] });
});
afterAll(() => h.close());

const state = (ids: OrgIds) => orgLedgerState(h.db, ids);

const channelUsed = async () =>
  Number(
    (
      await h.db
        .selectFrom('channels')
        .select('used_quota')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow()
    ).used_quota,
  );

const logsOf = (ids: OrgIds) =>
  h.db
    .selectFrom('logs')
    .select(['quota', 'funding', 'other', 'token_id'])
    .where('user_id', '=', ids.userId)
    .where('type', '=', LogType.consume)
    .execute();

/** Reserves `amount` with the org take and answers the settlement of it at `cost`. */
async function reserved(ids: OrgIds, amount: number, cost: number): Promise<Settlement> {
  const entry = orgTakeEntry(ids, amount);
  const taken = await takeOrgQuota(h.db, entry, NOW);
  if (!taken.taken) throw new Error(`the take was refused: ${taken.spent}`);
  return {
    id: entry.id,
    userId: ids.userId,
    tokenId: ids.tokenId,
    channelId,
    reserved: amount,
    cost,
    countRequest: true,
    log: {
      user_id: ids.userId,
      created_at: NOW,
      type: LogType.consume,
      content: 'org settle',
      token_id: ids.tokenId,
      channel_id: channelId,
      other: JSON.stringify({ model_ratio: 1 }),
    },
    now: NOW,
    window: { startedAt: taken.windowStartedAt, amount },
    funding: entry.funding,
  };
}

describe('the org settlement', () => {
  it('gives back what a cheaper reply did not use, and charges every row once', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 10_000, cap: 5000, token: 8000 });
    const usedBefore = await channelUsed();
    const s = await reserved(ids, 1000, 600);
    expect(await settleOrgQuotas(h.db, [s])).toEqual([600]);
    const after = await state(ids);
    expect(after).toMatchObject({
      org: 9400,
      orgUsed: 600,
      orgRequests: 1,
      reserved: 0,
      windowUsed: 600,
      memberUsed: 600,
      memberRequests: 1,
      token: 7400,
      tokenUsed: 600,
      journal: [],
    });
    expect(await channelUsed()).toBe(usedBefore + 600);
    const logs = await logsOf(ids);
    expect(logs).toMatchObject([{ quota: 600, funding: `org:${ids.orgId}` }]);
    expect(JSON.parse(String(logs[0]?.other))).toEqual({ model_ratio: 1 });

    // Its journal row is gone: settling it again changes nothing.
    expect(await settleOrgQuotas(h.db, [s])).toEqual([null]);
    expect(await state(ids)).toEqual(after);
    expect(await channelUsed()).toBe(usedBefore + 600);
    expect(await logsOf(ids)).toHaveLength(1);
  });

  it('settles a batch of several members and windows as the sum of each', async () => {
    const a = await orgWithMember(h.db, { orgQuota: 20_000, cap: 0 });
    const b = await orgWithMember(h.db, { orgQuota: 20_000, cap: 0 });
    const batch = [
      await reserved(a, 1000, 300),
      await reserved(b, 2000, 2000),
      await reserved(a, 1500, 0),
      await reserved(b, 500, 100),
    ];
    expect(await settleOrgQuotas(h.db, batch)).toEqual([300, 2000, 0, 100]);
    expect(await state(a)).toMatchObject({
      org: 19_700,
      reserved: 0,
      windowUsed: 300,
      journal: [],
    });
    expect(await state(a)).toMatchObject({ orgRequests: 2, memberRequests: 2, tokenUsed: 300 });
    expect(await state(b)).toMatchObject({
      org: 17_900,
      reserved: 0,
      windowUsed: 2100,
      journal: [],
    });
    expect((await logsOf(a)).map((log) => Number(log.quota)).sort((x, y) => x - y)).toEqual([
      0, 300,
    ]);
  });

  it("charges a cost above the reservation only as far as the org's balance reaches", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 1500, cap: 0 });
    const s = await reserved(ids, 1000, 2000);
    // 500 left in the org after the take: 1000 reserved + 500 more.
    expect(await settleOrgQuotas(h.db, [s])).toEqual([1500]);
    expect(await state(ids)).toMatchObject({
      org: 0,
      orgUsed: 1500,
      windowUsed: 1500,
      journal: [],
    });
    const [log] = await logsOf(ids);
    expect(Number(log?.quota)).toBe(1500);
    expect(JSON.parse(String(log?.other))).toEqual({
      model_ratio: 1,
      capped: { cost: 2000, charged: 1500 },
    });
  });

  it("charges a cost above the reservation only as far as the member's cap reaches", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 1200 });
    const s = await reserved(ids, 1000, 5000);
    expect(await settleOrgQuotas(h.db, [s])).toEqual([1200]);
    expect(await state(ids)).toMatchObject({
      org: 98_800,
      reserved: 0,
      windowUsed: 1200,
      memberUsed: 1200,
      journal: [],
    });
  });

  it("charges a cost above the reservation only as far as the token's balance reaches", async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 100_000, cap: 0, token: 1100 });
    const s = await reserved(ids, 1000, 5000);
    expect(await settleOrgQuotas(h.db, [s])).toEqual([1100]);
    expect(await state(ids)).toMatchObject({ org: 98_900, token: 0, tokenUsed: 1100, journal: [] });
  });

  it('charges two settlements above their reservations in one batch against the same balance', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 3000, cap: 0 });
    const first = await reserved(ids, 1000, 2500);
    const second = await reserved(ids, 1000, 2500);
    // 1000 left in the org after both takes: the first (in journal order) gets all of it.
    const ordered = [first, second].sort((x, y) => (x.id < y.id ? -1 : 1));
    const charged = await settleOrgQuotas(h.db, [second, first]);
    const byId = new Map([
      [second.id, charged[0]],
      [first.id, charged[1]],
    ]);
    expect(byId.get(ordered[0]?.id ?? '')).toBe(2000);
    expect(byId.get(ordered[1]?.id ?? '')).toBe(1000);
    expect(await state(ids)).toMatchObject({ org: 0, orgUsed: 3000, windowUsed: 3000 });
  });

  it('answers null and writes nothing for a reservation whose journal row is gone', async () => {
    const ids = await orgWithMember(h.db, { orgQuota: 5000, cap: 0 });
    const s = await reserved(ids, 1000, 400);
    await h.db.deleteFrom('relay_reservations').where('id', '=', s.id).execute();
    const before = await state(ids);
    const usedBefore = await channelUsed();
    expect(await settleOrgQuotas(h.db, [s])).toEqual([null]);
    expect(await state(ids)).toEqual(before);
    expect(await channelUsed()).toBe(usedBefore);
    expect(await logsOf(ids)).toEqual([]);
  });
});
