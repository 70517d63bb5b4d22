// The settlement applier: a batch of settlements moved onto the sources they were reserved from,
// exactly once (each applies only while its journal row exists). The wallet's moves are
// quota.repository's settleQuotas (one transaction for the batch); a further source adds its case
// below, and the exhaustive switch makes the compiler name every place that must learn it.
import type { Db } from '../db/database';
import { type FundingKind, WALLET } from './funding';
import { settleQuotas } from './quota.repository';
import type { Settlement } from './settlement-plan';

const kindOf = (settlement: Settlement): FundingKind => (settlement.funding ?? WALLET).kind;

/** Applies a batch; per settlement what was charged, or null when it had already been applied. */
export function applySettlements(db: Db, batch: readonly Settlement[]): Promise<(number | null)[]> {
  for (const settlement of batch) {
    const kind = kindOf(settlement);
    switch (kind) {
      case 'wallet':
        break;
      default:
        // Unreachable while the wallet is the only source: a new one must be applied here.
        throw new Error(`no applier for funding source ${kind satisfies never}`);
    }
  }
  return settleQuotas(db, batch);
}
