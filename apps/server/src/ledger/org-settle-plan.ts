// An org-funded settlement batch planned as ordered updates (issue 32), shared by the Kysely path
// (org-wallet.ts' settleOrgQuotas) and the synchronous one on SQLite (org-settle-direct.ts): the
// rows in lock order (tokens, channels, org members, orgs, each by id), the sums of the
// settlements within their reservation, and for those above it the moves of what each is charged
// once the balances it may take from are read.
import type { MemberWindowRow } from './org-wallet.queries';
import { planSettlements, type Settlement, type TokenBalance } from './settlement-plan';

export interface MemberMove {
  orgId: number;
  userId: number;
  /** Counted in the window and the member's spend. */
  charged: number;
  /** Given back from window_reserved, if the window that held it is still the current one. */
  back: number;
  startedAt: number;
  requests: number;
}

/** quota − delta, used_quota + used, request_count + requests. */
export interface OrgMove {
  delta: number;
  used: number;
  requests: number;
}

/** A row to update with a move, or (a guarded settlement's row with none) only to lock. */
type Step<M> = [id: number, move: M | undefined];

export interface OrgSettlementPlan {
  /** Per token, ascending: remain − delta, used + delta. */
  tokens: Step<number>[];
  /** Per channel, ascending: used_quota + used. */
  channels: Step<number>[];
  /** Per member and window, by org, user and window start. */
  members: { orgId: number; userId: number; move: MemberMove | undefined }[];
  /** Per org, ascending. */
  orgs: Step<OrgMove>[];
  /** Indexes of the settlements above their reservation, charged one by one after the sums. */
  guarded: readonly number[];
  /** What each settlement is charged (the guarded ones are filled in as they are applied). */
  charges: number[];
}

export const orgOf = (s: Settlement): number => (s.funding?.kind === 'org' ? s.funding.orgId : 0);

/** The batch in journal id order, as every batch (and a reconciliation of the same rows) takes them. */
export const inJournalOrder = (settlements: readonly Settlement[]): Settlement[] =>
  [...settlements].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const ascending = (ids: readonly number[]): number[] =>
  [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b);

/** The moves of the live settlements (their journal rows claimed), in lock order. */
export function planOrgSettlement(live: readonly Settlement[]): OrgSettlementPlan {
  // The token and channel sums; the member's window is this source's, not the token's.
  const plan = planSettlements(live.map((s) => ({ ...s, window: undefined })));
  const guarded = new Set(plan.guarded);
  const guardedOnes = live.filter((_, index) => guarded.has(index));
  const members = new Map<string, MemberMove>();
  const orgs = new Map<number, OrgMove>();
  for (const [index, s] of live.entries()) {
    if (!guarded.has(index)) addMoves(members, orgs, s, s.cost);
  }
  const memberSteps: OrgSettlementPlan['members'] = [
    ...[...members.values()].map((move) => ({ orgId: move.orgId, userId: move.userId, move })),
    ...guardedOnes.map((s) => ({ orgId: orgOf(s), userId: s.userId, move: undefined })),
  ];
  memberSteps.sort(
    (a, b) =>
      a.orgId - b.orgId ||
      a.userId - b.userId ||
      (a.move?.startedAt ?? 0) - (b.move?.startedAt ?? 0),
  );
  const steps = <M>(sums: Map<number, M>, locked: number[]): Step<M>[] =>
    ascending([...sums.keys(), ...locked]).map((id) => [id, sums.get(id)]);
  return {
    tokens: steps(
      plan.tokens,
      guardedOnes.map((s) => s.tokenId),
    ),
    channels: steps(
      plan.channels,
      guardedOnes.map((s) => s.channelId),
    ),
    members: memberSteps,
    orgs: steps(orgs, guardedOnes.map(orgOf)),
    guarded: plan.guarded,
    charges: plan.charges,
  };
}

/** The member's and the org's moves of one guarded settlement charged `charged`. */
export function guardedMoves(
  s: Settlement,
  charged: number,
): { members: MemberMove[]; orgs: [number, OrgMove][] } {
  const members = new Map<string, MemberMove>();
  const orgs = new Map<number, OrgMove>();
  addMoves(members, orgs, s, charged);
  return { members: [...members.values()], orgs: [...orgs] };
}

/** What a settlement above its reservation may still take: the org, the token and the member's cap. */
export function orgHeadroom(
  orgQuota: number | undefined,
  token: TokenBalance | undefined,
  member: MemberWindowRow | undefined,
): number {
  let left = Math.max(0, Number(orgQuota ?? 0));
  if (token && Number(token.unlimited_quota) !== 1)
    left = Math.min(left, Math.max(0, Number(token.remain_quota)));
  if (member && Number(member.quota_limit) > 0) {
    const spent = Number(member.window_used) + Number(member.window_reserved);
    left = Math.min(left, Math.max(0, Number(member.quota_limit) - spent));
  }
  return left;
}

/** The arguments of moveMemberQuery. */
export const memberMoveArgs = (m: MemberMove): unknown[] => [
  m.charged,
  m.back,
  m.startedAt,
  m.requests,
  m.orgId,
  m.userId,
];

function addMoves(
  members: Map<string, MemberMove>,
  orgs: Map<number, OrgMove>,
  s: Settlement,
  charged: number,
): void {
  const orgId = orgOf(s);
  const requests = s.countRequest ? 1 : 0;
  const startedAt = s.window?.startedAt ?? 0;
  const key = `${orgId}:${s.userId}:${startedAt}`;
  const member = members.get(key);
  if (member) {
    member.charged += charged;
    member.back += s.window?.amount ?? 0;
    member.requests += requests;
  } else {
    members.set(key, {
      orgId,
      userId: s.userId,
      charged,
      back: s.window?.amount ?? 0,
      startedAt,
      requests,
    });
  }
  const org = orgs.get(orgId) ?? { delta: 0, used: 0, requests: 0 };
  org.delta += charged - s.reserved;
  org.used += charged;
  org.requests += requests;
  orgs.set(orgId, org);
}
