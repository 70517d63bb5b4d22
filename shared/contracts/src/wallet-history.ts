// The user's own credit and payment history (GET /api/user/topup/self): redeemed codes and every
// online payment they made — a wallet top-up, a plan, an org's wallet — in one list, newest first,
// so the wallet shows where the balance came from and what each payment bought.

export const WALLET_HISTORY_KINDS = ['redemption', 'topup'] as const;
export type WalletHistoryKind = (typeof WALLET_HISTORY_KINDS)[number];

/** What an entry bought: the payer's wallet (every code), a plan, or an org's wallet. */
export const WALLET_HISTORY_TARGETS = ['wallet', 'plan', 'org'] as const;
export type WalletHistoryTarget = (typeof WALLET_HISTORY_TARGETS)[number];

export interface WalletHistoryEntry {
  kind: WalletHistoryKind;
  /** The redemption code's or the top-up order's id (unique within its kind). */
  id: number;
  /** Unix seconds: when the code was redeemed or the order was placed. */
  time: number;
  /** Quota added (or to be added, for an order still pending); a plan's price in quota. */
  quota: number;
  /** Money paid for an order (in `currency`); 0 for a code. */
  money: number;
  /** `zfb`, `wx` (epay) or `stripe` for an order; empty for a code. */
  payment_method: string;
  /** `success`, or `pending` for an order not yet paid. */
  status: string;
  /** What the entry bought. */
  target: WalletHistoryTarget;
  /** The plan's or the org's id; 0 for the wallet. */
  target_id: number;
  /** The plan's or the org's name now; empty for the wallet, or when it was deleted since. */
  target_name: string;
  /** ISO code of `money` (CNY for epay, the Stripe currency for Stripe); empty for a code. */
  currency: string;
}
