// Settlements planned as the fewest updates, and what a user and token can still pay: shared by
// the Kysely and the direct SQLite paths.
import type { NewLog } from '../db/schema';

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
}

/** A batch of settlements as the fewest updates: see planSettlements. */
export interface SettlementPlan {
  /** Per user: quota − delta, used_quota + used, request_count + requests. */
  users: Map<number, { delta: number; used: number; requests: number }>;
  /** Per token: remain − delta, used + delta (deltas that are not 0). */
  tokens: Map<number, number>;
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
    if (delta !== 0) plan.tokens.set(s.tokenId, (plan.tokens.get(s.tokenId) ?? 0) + delta);
    if (s.cost > 0 && s.channelId > 0) {
      plan.channels.set(s.channelId, (plan.channels.get(s.channelId) ?? 0) + s.cost);
    }
    plan.charges.push(s.cost);
  }
  return plan;
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
  if (charged >= s.cost) return { ...s.log, quota: charged };
  let other: Record<string, unknown> = {};
  try {
    other = s.log.other ? (JSON.parse(s.log.other) as Record<string, unknown>) : {};
  } catch {
    other = { other: s.log.other };
  }
  other.capped = { cost: s.cost, charged };
  return { ...s.log, quota: charged, other: JSON.stringify(other) };
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
];
