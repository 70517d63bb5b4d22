// The settlement applier: a batch of settlements moved onto the sources they were reserved from,
// exactly once (each applies only while its journal row exists). The wallet's moves are
// quota.repository's settleQuotas (one transaction for the batch), the org wallet's are
// org-wallet's settleOrgQuotas, a plan's plan-settlement's settlePlans; a further source adds its
// case below, and the exhaustive switch makes the compiler name every place that must learn it.
import type { Db } from '../db/database';
import { type FundingKind, WALLET } from './funding';
import { settleOrgQuotas } from './org-wallet';
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
  const org: number[] = [];
  const plan: number[] = [];
  for (const [index, settlement] of batch.entries()) {
    const kind = kindOf(settlement);
    switch (kind) {
      case 'wallet':
        wallet.push(index);
        break;
      case 'org':
        org.push(index);
        break;
      case 'plan':
        plan.push(index);
        break;
      default:
        // Unreachable while every source is handled above: a new one must be applied here.
        throw new Error(`no applier for funding source ${kind satisfies never}`);
    }
  }
  if (org.length === 0 && plan.length === 0) return settleQuotas(db, batch);
  const results: (number | null)[] = batch.map(() => null);
  const pick = (indexes: number[]) => indexes.map((index) => batch[index] as Settlement);
  const walletCharged = await settleQuotas(db, pick(wallet));
  for (const [at, index] of wallet.entries()) results[index] = walletCharged[at] ?? null;
  if (org.length > 0) {
    const orgCharged = await settleOrgQuotas(db, pick(org));
    for (const [at, index] of org.entries()) results[index] = orgCharged[at] ?? null;
  }
  if (plan.length > 0) {
    const planCharged = await settlePlans(db, pick(plan));
    for (const [at, index] of plan.entries()) results[index] = planCharged[at] ?? null;
  }
  return results;
}
