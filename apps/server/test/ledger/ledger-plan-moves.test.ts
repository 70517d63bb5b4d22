// A plan batch's window moves are grouped per (subscription, windows the take was in): the same
// balances as one UPDATE per settlement, with one UPDATE per group (issue 30's group commit).
import { describe, expect, it } from 'vitest';
import { channelUses, planMoves } from '../../src/ledger/plan-moves';
import { windowStarts } from '../../src/ledger/plan-windows';
import type { Settlement } from '../../src/ledger/settlement-plan';

const STARTS = 1_000_000;
const HOUR = 3600;

const settlement = (
  id: string,
  subscriptionId: number,
  reserved: number,
  cost: number,
  channelId: number,
): Settlement => ({
  id,
  userId: 1,
  tokenId: 1,
  channelId,
  reserved,
  cost,
  countRequest: true,
  log: null,
  now: STARTS,
  funding: { kind: 'plan', subscriptionId },
});

describe('plan settlement moves', () => {
  const batch = [
    settlement('a', 7, 300, 120, 2),
    settlement('b', 7, 300, 90, 1),
    settlement('c', 3, 500, 0, 2),
    settlement('d', 7, 200, 60, 2),
  ];
  // b was taken 6 hours after the others: another 5h window.
  const takenAt = (s: Settlement) => (s.id === 'b' ? STARTS + 6 * HOUR : STARTS + HOUR);

  it('sums the settlements taken in the same windows of a subscription, in subscription order', () => {
    const moves = planMoves(batch, () => STARTS, takenAt);
    expect(moves).toEqual([
      { subscriptionId: 3, cost: 0, amount: 500, held: windowStarts(STARTS, STARTS + HOUR) },
      { subscriptionId: 7, cost: 180, amount: 500, held: windowStarts(STARTS, STARTS + HOUR) },
      { subscriptionId: 7, cost: 90, amount: 300, held: windowStarts(STARTS, STARTS + 6 * HOUR) },
    ]);
  });

  it('leaves a window what one UPDATE per settlement would: holds given back floor at 0', () => {
    const giveBack = (reserved: number, amount: number) =>
      reserved > amount ? reserved - amount : 0;
    for (const reserved of [0, 100, 499, 500, 501, 10_000]) {
      const oneByOne = [300, 200].reduce(giveBack, reserved);
      const [grouped] = planMoves(
        [settlement('x', 9, 300, 1, 0), settlement('y', 9, 200, 2, 0)],
        () => STARTS,
        () => STARTS,
      );
      expect(giveBack(reserved, grouped?.amount ?? 0)).toBe(oneByOne);
    }
  });

  it('skips a subscription that is gone, and sums channel usage per channel', () => {
    expect(planMoves(batch, (id) => (id === 3 ? undefined : STARTS), takenAt)).toHaveLength(2);
    expect(channelUses(batch)).toEqual([
      [1, 90],
      [2, 180],
    ]);
  });
});
