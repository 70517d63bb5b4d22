// The user's own credit history (GET /api/user/topup/self): redeemed codes and online top-ups in
// one list, newest first, so the wallet can show where the balance came from.

export const WALLET_HISTORY_KINDS = ['redemption', 'topup'] as const;
export type WalletHistoryKind = (typeof WALLET_HISTORY_KINDS)[number];

export interface WalletHistoryEntry {
  kind: WalletHistoryKind;
  /** The redemption code's or the top-up order's id (unique within its kind). */
  id: number;
  /** Unix seconds: when the code was redeemed or the order was placed. */
  time: number;
  /** Quota added (or to be added, for an order still pending). */
  quota: number;
  /** Money paid for a top-up (in the payment currency); 0 for a code. */
  money: number;
  /** `zfb`, `wx` for a top-up; empty for a code. */
  payment_method: string;
  /** `success`, or `pending` for an order not yet paid. */
  status: string;
}
