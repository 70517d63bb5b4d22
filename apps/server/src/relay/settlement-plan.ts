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
