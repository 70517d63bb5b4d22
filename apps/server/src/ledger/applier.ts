// The settlement applier: a batch of settlements moved onto the sources they were reserved from,
// exactly once (each applies only while its journal row exists). The wallet's moves are
// quota.repository's settleQuotas (one transaction for the batch), a plan's plan-settlement's
// settlePlans; a further source adds its case below, and the exhaustive switch makes the compiler
// name every place that must learn it.
import type { Db } from '../db/database';
import { type FundingKind, WALLET } from './funding';
import { settlePlans } from './plan-settlement';
import { settleQuotas } from './quota.repository';
import type { Settlement } from './settlement-plan';

const kindOf = (settlement: Settlement): FundingKind => (settlement.funding ?? WALLET).kind;

/** Applies a batch; per settlement what was charged, or null when it had already been applied. */
export async function applySettlements(
  db: Db,
  batch: readonly Settlement[],
): Promise<(number | null)[]> {
  const wallet: number[] = [];
  const plan: number[] = [];
  for (const [index, settlement] of batch.entries()) {
    const kind = kindOf(settlement);
    switch (kind) {
      case 'wallet':
        wallet.push(index);
        break;
      case 'plan':
        plan.push(index);
        break;
      default:
        throw new Error(`no applier for funding source ${kind satisfies never}`);
    }
  }
  if (plan.length === 0) return settleQuotas(db, batch);
  const results: (number | null)[] = batch.map(() => null);
  const pick = (indexes: number[]) => indexes.map((index) => batch[index] as Settlement);
  const walletResults = await settleQuotas(db, pick(wallet));
  for (const [i, index] of wallet.entries()) results[index] = walletResults[i] ?? null;
  const planResults = await settlePlans(db, pick(plan));
  for (const [i, index] of plan.entries()) results[index] = planResults[i] ?? null;
  return results;
}
