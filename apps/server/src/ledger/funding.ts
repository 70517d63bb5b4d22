// Where a reservation's quota comes from, and so where its settlement, refund or reconciliation
// gives it back. The journal row names its source (`relay_reservations.funding`), so a node that
// dies mid-request is reconciled against the same source by whichever node finds the row.
//
// Today every relayed request is paid from the wallet (the token's and the user's balances). A plan
// subscription's window or an org wallet with a member cap comes in as another member of
// FundingSource, its column text in `fundingColumn`/`fundingOf`, its choice in `fundingFor` and its
// moves in the applier (`applier.ts`); the pipeline only ever calls reserve, settle and refund.

/** The payer as the ledger sees it: balances and ids, nothing of HTTP or routing. */
export interface Payer {
  userId: number;
  tokenId: number;
  /** The user's quota when the request was admitted. */
  userQuota: number;
  /** The token's remaining quota (ignored when unlimited). */
  tokenRemain: number;
  unlimited: boolean;
  /** The org whose wallet pays (an org token, issue 32), absent or 0 for a personal token. */
  orgId?: number;
  /** The member's cap window (`''`, `day`, `week`, `month`) in that org. */
  orgWindowPeriod?: string;
  /** The token is paid only by a plan subscription: never by the wallet (issue 31). */
  planOnly?: boolean;
  /** The user has an active subscription that may fund the request (plan-funding.ts). */
  hasPlan?: boolean;
}

/** The token's and the user's balances (the only source so far). */
export interface WalletSource {
  kind: 'wallet';
}

/** An org's wallet, with the member's cap (ledger/org-wallet.ts). */
export interface OrgSource {
  kind: 'org';
  orgId: number;
}

/** A plan subscription's windows (issue 31): `plan:<subscription id>` in the journal and logs. */
export interface PlanSource {
  kind: 'plan';
  subscriptionId: number;
}

export type FundingSource = WalletSource | OrgSource | PlanSource;
export type FundingKind = FundingSource['kind'];

export const WALLET: WalletSource = Object.freeze({ kind: 'wallet' });

/** The journal's `funding` texts this version can give money back to (see fundingOf). */
export const KNOWN_FUNDING: readonly string[] = ['wallet'];
/** Prefixes of the journal's `funding` texts with an id this version can give money back to. */
export const KNOWN_FUNDING_PREFIXES: readonly string[] = ['org:', 'plan:'];

/** The source a request of this payer is reserved from: the token's org first. */
export function fundingFor(payer: Payer): FundingSource {
  if (payer.orgId && payer.orgId > 0) return { kind: 'org', orgId: payer.orgId };
  return WALLET;
}

/** The journal's text for a source (the `funding` column, at most 32 characters). */
export function fundingColumn(source: FundingSource): string {
  if (source.kind === 'org') return `org:${source.orgId}`;
  if (source.kind === 'plan') return `plan:${source.subscriptionId}`;
  return source.kind;
}

/**
 * The source a journal row names, or null for one this version does not know (written by a newer
 * node): such a row is left for a node that can give its money back to where it came from.
 */
export function fundingOf(column: string | null | undefined): FundingSource | null {
  // Rows journaled before the column existed were all paid from the wallet.
  if (column === undefined || column === null || column === '' || column === 'wallet') {
    return WALLET;
  }
  const org = /^org:([1-9][0-9]*)$/.exec(column);
  if (org) return { kind: 'org', orgId: Number(org[1]) };
  const plan = /^plan:([1-9][0-9]{0,15})$/.exec(column);
  if (plan) return { kind: 'plan', subscriptionId: Number(plan[1]) };
  return null;
}
