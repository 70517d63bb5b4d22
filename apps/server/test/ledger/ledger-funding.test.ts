// The funding source a reservation names in the journal (issue 30): the take records it, and a
// reconciliation gives money back only to a source it knows — a row naming a source this version
// cannot move stays in the journal, the wallet untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing } from '../../src/ledger/billing';
import { PricingRules } from '../../src/modules/pricing/pricing-rules';
import { admitCaller } from '../../src/relay/pipeline/admission';
import { createUser } from '../helpers/factories';
import {
  createToken,
  type RelayHarness,
  startRelayHarness,
  tokenBalance,
  userBalance,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
const now = () => Math.floor(Date.now() / 1000);
const LEASE_MS = 500;

beforeAll(async () => {
  h = await startRelayHarness();
});

afterAll(() => h.close());

function node(nodeId: string): Billing {
  const pricing = new PricingRules(h.server.runtime.options);
  return new Billing(h.db, pricing, now, () => 0, undefined, 5, {
    nodeId,
    leaseMs: LEASE_MS,
    reconciledContent: 'reconciled',
    warn: () => undefined,
  });
}

const journalRows = (userId: number) =>
  h.db.selectFrom('relay_reservations').selectAll().where('user_id', '=', userId).execute();

async function customer() {
  const user = await createUser(h.db, { quota: 100_000 });
  const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: 100_000 });
  return { user, token, caller: () => admitCaller(h.db, token.authorization, now()) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('funding sources in the journal', () => {
  it('records the wallet as the source of a reservation, and settles it back to the wallet', async () => {
    const { user, token, caller } = await customer();
    const a = node('funding-a');
    const reservation = await a.reserve(await caller(), 1000, { model: 'gpt-4' });
    expect(reservation.funding).toEqual({ kind: 'wallet' });
    expect(await journalRows(user.id)).toMatchObject([{ id: reservation.id, funding: 'wallet' }]);
    await a.settle(reservation, { cost: 250, channelId: 0, log: null });
    expect(await journalRows(user.id)).toEqual([]);
    expect((await userBalance(h.db, user.id)).quota).toBe(100_000 - 250);
    expect(await tokenBalance(h.db, token.id)).toMatchObject({ remain_quota: 100_000 - 250 });
  });

  it("gives a dead node's wallet reservation back to the wallet, and leaves one of an unknown source", async () => {
    const { user, token, caller } = await customer();
    const dead = node('funding-dead');
    const live = node('funding-live');
    const wallet = await dead.reserve(await caller(), 700, { model: 'gpt-4', stream: true });
    const other = await dead.reserve(await caller(), 300, { model: 'gpt-4', stream: true });
    // Nothing of either had gone out: both are refunds to their source.
    dead.streaming(wallet, quote(), 100, () => 0);
    dead.streaming(other, quote(), 100, () => 0);
    await dead.keeper.tick();
    // A source a newer node would know (a plan's window): this node must not refund it to the wallet.
    await h.db
      .updateTable('relay_reservations')
      .set({ funding: 'plan' })
      .where('id', '=', other.id)
      .execute();
    await sleep(LEASE_MS + 100);
    await live.keeper.tick();
    expect(await journalRows(user.id)).toMatchObject([{ id: other.id, funding: 'plan' }]);
    // The wallet got its 700 back; the 300 stays held until a node that knows the source ends it.
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: 100_000 - 300 });
    expect(await tokenBalance(h.db, token.id)).toMatchObject({ remain_quota: 100_000 - 300 });
  });
});

function quote() {
  return new Billing(h.db, new PricingRules(h.server.runtime.options), now).quote(
    'gpt-4',
    'default',
  );
}
