// The ledger's face: the only calls that move quota for a relayed request. The pipeline (and the
// drawing and music relays) reserve before the upstream call, then settle to the real cost or
// refund; everything behind — the journal row, the funding source, write-behind batches, leases
// and the reconciliation of what a dead node left — is the ledger's own (README.md here).
import type { NewLog } from '../db/schema';
import type { Usage } from '../relay/canonical/usage';
import type { FundingSource, Payer } from './funding';
import type { PriceQuote } from './price-quote';
import type { WindowHold, WindowTerms } from './settlement-plan';

export interface Reservation {
  /** The journal id: the reservation's row, and the id its settlement is applied under once. */
  id: string;
  userId: number;
  tokenId: number;
  amount: number;
  /** The user's quota when the request was admitted (for the low-quota reminder). */
  quotaBefore: number;
  /** The amount held in the token's quota window too (issue 17), settled with the balances. */
  window?: WindowHold | undefined;
  /** Where the amount was taken from: its settlement or refund goes back there. */
  funding: FundingSource;
}

export interface SettleInput {
  cost: number;
  channelId: number;
  /** The consume log without its quota (filled with what was really charged), or null. */
  log: Omit<NewLog, 'quota'> | null;
}

/** What the journal records about a reservation besides the amount. */
export interface ReserveMeta {
  model?: string;
  /** The model the caller asked for (before channel mapping): what a plan must cover. */
  requested?: string;
  stream?: boolean;
  /** The token's quota window, reserved in the same statement as its balance (see limits). */
  window?: WindowTerms | undefined;
}

/** Called once when a settlement takes a user's quota below QuotaRemindThreshold. */
export type QuotaLowListener = (userId: number, quotaLeft: number) => void;

/** What a relay calls to move quota: each reservation ends exactly once, settled or refunded. */
export interface Ledger {
  /**
   * Takes the amount from the payer's funding source with its journal row, all or nothing;
   * refused (403, or the window's 429) when the source is short, 503 when the database is down.
   */
  reserve(payer: Payer, amount: number, meta?: ReserveMeta): Promise<Reservation>;
  /** A stream is going out: what it has delivered is journaled now and then (for a crash). */
  streaming(
    reservation: Reservation,
    quote: PriceQuote,
    completionTokens: number,
    deliveredBytes: () => number,
  ): void;
  /** Moves the reservation to the real cost (with the consume log); resolves with the charge. */
  settle(reservation: Reservation, input: SettleInput): Promise<number>;
  /** Gives the whole reservation back; nothing once it was settled. */
  refund(reservation: Reservation): Promise<void>;
}

/** The prices a relay asks before it reserves and when it settles (price-quote.ts's rules). */
export interface Pricing {
  /** The model has a price (configured or built in): a name the gateway knows. */
  knows(model: string): boolean;
  quote(model: string, group: string): PriceQuote;
  cost(quote: PriceQuote, usage: Usage): number;
  imageCost(quote: PriceQuote, body: Record<string, unknown>): number;
  estimate(quote: PriceQuote, tokens: number, completionTokens?: number): number;
  /** What the payer's balances can pay now. */
  payable(payer: Payer): number;
}

/** What the relays (the pipeline, the task relays, the channel test) are handed. */
export type RelayBilling = Ledger & Pricing;

/** What keeps the ledger whole across crashes: the node's lease and the reconciliation rounds. */
export interface LedgerRecovery {
  /** At start: settles what this node id left behind in an earlier life. */
  recoverOwn(): Promise<number>;
  /** Renews the lease and reconciles expired rows in rounds, until stop(). */
  start(): void;
  stop(): Promise<void>;
}
