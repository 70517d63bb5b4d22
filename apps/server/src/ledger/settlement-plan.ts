// Settlements planned as the fewest updates, and what a user and token can still pay: shared by
// the Kysely and the direct SQLite paths.
import type { NewLog } from '../db/schema';
import { type FundingSource, fundingColumn, WALLET } from './funding';

export interface TokenBalance {
  remain_quota: number;
  unlimited_quota: number;
}

/** What the user and the token can still pay. */
export function available(
  user: { quota: number } | undefined,
  token: TokenBalance | undefined,
): number {
  const userLeft = Math.max(0, user?.quota ?? 0);
  if (!token || token.unlimited_quota === 1) return userLeft;
  return Math.min(userLeft, Math.max(0, token.remain_quota));
}

export interface Settlement {
  /** The reservation's journal id: the settlement applies only while that row exists. */
  id: string;
  userId: number;
  tokenId: number;
  channelId: number;
  /** What was taken up front. */
  reserved: number;
  /** What the request really costs. */
  cost: number;
  /** Count the request (false for refunds of failed requests). */
  countRequest: boolean;
  log: NewLog | null;
  now: number;
  /** The token's quota window the reservation was also taken from (issue 17), if any. */
  window?: WindowHold | undefined;
  /** Where the reservation was taken from and the difference goes back to (absent: the wallet). */
  funding?: FundingSource | undefined;
}

/** A reservation held in a token's quota window: the window's start and the amount held. */
export interface WindowHold {
  startedAt: number;
  amount: number;
}

/** One token's window settlement: the balance delta, the quota charged, the hold given back. */
export interface WindowMove {
  tokenId: number;
  startedAt: number;
  delta: number;
  charged: number;
  back: number;
}

/** A batch of settlements as the fewest updates: see planSettlements. */
export interface SettlementPlan {
  /** Per user: quota − delta, used_quota + used, request_count + requests. */
  users: Map<number, { delta: number; used: number; requests: number }>;
  /** Per token: remain − delta, used + delta (deltas that are not 0). */
  tokens: Map<number, number>;
  /** Per token and window start: the token's move with its window settled (windowed tokens). */
  windows: Map<string, WindowMove>;
  /** Per channel: used_quota + used. */
  channels: Map<number, number>;
  /** Settlements above their reservation, to apply one by one against the locked balances. */
  guarded: number[];
  /** What each settlement is charged (the guarded ones are filled in when applied). */
  charges: number[];
}

/**
 * Settlements within their reservation only give back (or move nothing), so their moves are
 * summed per user, token and channel; those above it are left to apply one by one after the
 * sums (which only raise the balances they are guarded by).
 */
export function planSettlements(settlements: readonly Settlement[]): SettlementPlan {
  const plan: SettlementPlan = {
    users: new Map(),
    tokens: new Map(),
    windows: new Map(),
    channels: new Map(),
    guarded: [],
    charges: [],
  };
  for (const [index, s] of settlements.entries()) {
    if (s.cost > s.reserved) {
      plan.guarded.push(index);
      plan.charges.push(0);
      continue;
    }
    const delta = s.cost - s.reserved;
    const user = plan.users.get(s.userId) ?? { delta: 0, used: 0, requests: 0 };
    user.delta += delta;
    user.used += s.cost;
    user.requests += s.countRequest ? 1 : 0;
    plan.users.set(s.userId, user);
    if (s.window) addWindowMove(plan.windows, s.tokenId, s.window, delta, s.cost);
    else if (delta !== 0) plan.tokens.set(s.tokenId, (plan.tokens.get(s.tokenId) ?? 0) + delta);
    if (s.cost > 0 && s.channelId > 0) {
      plan.channels.set(s.channelId, (plan.channels.get(s.channelId) ?? 0) + s.cost);
    }
    plan.charges.push(s.cost);
  }
  return plan;
}

function addWindowMove(
  moves: Map<string, WindowMove>,
  tokenId: number,
  window: WindowHold,
  delta: number,
  charged: number,
): void {
  const key = `${tokenId}:${window.startedAt}`;
  const move = moves.get(key);
  if (move) {
    move.delta += delta;
    move.charged += charged;
    move.back += window.amount;
  } else {
    moves.set(key, { tokenId, startedAt: window.startedAt, delta, charged, back: window.amount });
  }
}

/** A token's move in a settlement batch; `window` when the move also settles its window. */
export interface TokenMove {
  tokenId: number;
  delta: number;
  window?: WindowMove;
}

/**
 * Every token move of the plan in token id order (the lock order of every writer): the plain
 * balance moves and the windowed ones (balance and window in one statement).
 */
export function tokenMoves(plan: SettlementPlan): TokenMove[] {
  const moves: TokenMove[] = [];
  for (const [tokenId, delta] of plan.tokens) moves.push({ tokenId, delta });
  for (const window of plan.windows.values()) {
    moves.push({ tokenId: window.tokenId, delta: window.delta, window });
  }
  return moves.sort(
    (a, b) => a.tokenId - b.tokenId || (a.window?.startedAt ?? 0) - (b.window?.startedAt ?? 0),
  );
}

/** A guarded settlement's token move once what it is charged is known (after the sums). */
export function guardedTokenMove(s: Settlement, charged: number): TokenMove {
  const delta = charged - s.reserved;
  if (!s.window) return { tokenId: s.tokenId, delta };
  const { startedAt, amount } = s.window;
  return {
    tokenId: s.tokenId,
    delta,
    window: { tokenId: s.tokenId, startedAt, delta, charged, back: amount },
  };
}

/** A map's entries by ascending key: every writer locks rows in one order (no deadlocks). */
export function byKey<V>(map: Map<number, V>): [number, V][] {
  return [...map.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * The consume log of a settlement charged `charged`: when the balances could not cover the cost
 * above the reservation, its `other` says so (cost asked, what was charged).
 */
export function logFor(s: Settlement, charged: number): NewLog | null {
  if (!s.log) return null;
  const funding = fundingColumn(s.funding ?? WALLET);
  if (charged >= s.cost) return { ...s.log, quota: charged, funding };
  let other: Record<string, unknown> = {};
  try {
    other = s.log.other ? (JSON.parse(s.log.other) as Record<string, unknown>) : {};
  } catch {
    other = { other: s.log.other };
  }
  other.capped = { cost: s.cost, charged };
  return { ...s.log, quota: charged, funding, other: JSON.stringify(other) };
}

/** A reservation's journal row as written with the take. */
export interface JournalEntry {
  id: string;
  userId: number;
  tokenId: number;
  amount: number;
  nodeId: string;
  /** Unix milliseconds. */
  leaseUntil: number;
  /** Unix seconds. */
  createdAt: number;
  model: string;
  stream: boolean;
  /** Where the amount is taken from (the journal's `funding`). */
  funding: FundingSource;
  /** The token's quota window to reserve the amount in too (issue 17), if it has one. */
  window?: WindowTerms | undefined;
}

/** Where the token's current window starts over (see takeTokenWindowQuery). */
export interface WindowTerms {
  cutoff: number;
  freshStart: number;
}

/** How a take ended: taken (with the window's start when it held one in a window) or why not. */
export type TakeResult =
  | { taken: true; windowStartedAt: number | undefined }
  | { taken: false; spent: 'quota' | 'window' };

export const TAKEN_NO_WINDOW: TakeResult = { taken: true, windowStartedAt: undefined };
export const QUOTA_SPENT: TakeResult = { taken: false, spent: 'quota' };
export const WINDOW_SPENT: TakeResult = { taken: false, spent: 'window' };

/** Why a windowed take was refused: true when the window (not a balance) was spent. */
export function windowSpent(
  row:
    | {
        window_started_at: number;
        window_used: number;
        window_reserved: number;
        window_quota: number;
      }
    | undefined,
  cutoff: number,
): boolean {
  if (!row) return false;
  const over = Number(row.window_started_at) < cutoff;
  return !over && Number(row.window_used) + Number(row.window_reserved) >= Number(row.window_quota);
}

/** The entry as insertJournalQuery's arguments. */
export const journalArgs = (e: JournalEntry): unknown[] => [
  e.id,
  e.userId,
  e.tokenId,
  e.amount,
  e.nodeId,
  e.leaseUntil,
  e.createdAt,
  e.model,
  e.stream ? 1 : 0,
  fundingColumn(e.funding),
];
