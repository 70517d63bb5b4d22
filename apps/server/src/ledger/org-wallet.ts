// The org wallet as a funding source (issue 32): a request with an org token is reserved from the
// org's balance and held in the member's cap window, with its journal row, all or nothing; its
// settlement (or refund, or reconciliation) moves both to the real cost exactly once. Lock order,
// as for the wallet: the journal row, tokens, channels, org members, orgs (each by id); nothing
// here locks a user.
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { windowCutoff } from '../modules/limits/window-rules';
import { insertLogs } from '../modules/logs/logs.repository';
import { QuotaShort } from '../relay/direct-sqlite';
import { runTemplate } from '../relay/query-templates';
import { RelayError } from '../relay/relay-errors';
import {
  addChannelUsedQuery,
  affected,
  insertJournalQuery,
  journalWindowQuery,
  moveTokenQuery,
  takeTokenQuery,
} from './ledger.queries';
import { directOrgTake, type OrgTakeEntry } from './org-take-direct';
import {
  type MemberWindowRow,
  memberWindowQuery,
  moveMemberQuery,
  moveOrgQuery,
  takeMemberQuery,
  takeOrgQuery,
} from './org-wallet.queries';
import {
  journalArgs,
  logFor,
  planSettlements,
  type Settlement,
  type WindowTerms,
} from './settlement-plan';

/** The cap window that never ends (period ''): it starts once, at 1, and is never over. */
const FOREVER: WindowTerms = { cutoff: 1, freshStart: 1 };

/** Where the member's current cap window starts over, for its period. */
export function memberWindowTerms(period: string, now: number, timeZone: string): WindowTerms {
  if (period === 'day' || period === 'week' || period === 'month') {
    return windowCutoff(period, now, timeZone);
  }
  return FOREVER;
}

/** Why an org take was refused: the token's own balance, no longer a member, the cap, the org. */
export type OrgShort = 'token' | 'member' | 'cap' | 'org';

export type OrgTakeResult =
  | { taken: true; windowStartedAt: number }
  | { taken: false; spent: OrgShort };

/**
 * The refusal a caller gets, in its dialect: 429 when the member's cap is spent, 403 when the
 * org's balance is short or the caller is no longer a member (the token's own balance as usual).
 */
export function orgRefusal(spent: OrgShort): RelayError {
  switch (spent) {
    case 'cap':
      return new RelayError(429, 'relay.orgMemberCapSpent', 'org_member_cap_exceeded');
    case 'org':
      return new RelayError(403, 'relay.orgQuotaShort', 'insufficient_org_quota');
    case 'member':
      return new RelayError(403, 'relay.orgMemberGone', 'org_membership_revoked');
    case 'token':
      return new RelayError(403, 'relay.tokenQuotaShort', 'pre_consume_token_quota_failed');
  }
}

class OrgShortError extends Error {
  constructor(readonly spent: OrgShort) {
    super(`org take refused: ${spent}`);
  }
}

/**
 * Takes the amount from the token (guarded unless unlimited), the member's cap window and the
 * org's balance with the journal row, in one transaction; refused with what was short. On SQLite
 * it is one synchronous transaction on the connection (org-take-direct.ts) unless a Kysely
 * transaction holds it.
 */
export async function takeOrgQuota(
  db: Db,
  entry: OrgTakeEntry,
  now: number,
): Promise<OrgTakeResult> {
  const direct = directOrgTake(db);
  if (direct) return direct(entry, now);
  try {
    return await db.transaction().execute(async (trx) => {
      await runTemplate(trx, 'insertJournal', insertJournalQuery, journalArgs(entry));
      const token = await runTemplate(trx, 'takeTokenQuota', takeTokenQuery, [
        entry.amount,
        now,
        entry.tokenId,
      ]);
      if (affected(token) !== 1) throw new OrgShortError('token');
      const { cutoff, freshStart } = entry.terms;
      const member = await runTemplate(trx, 'takeOrgMember', takeMemberQuery, [
        entry.amount,
        entry.orgId,
        entry.userId,
        cutoff,
        freshStart,
      ]);
      const window = (
        await runTemplate<MemberWindowRow>(trx, 'orgMemberWindow', memberWindowQuery, [
          entry.orgId,
          entry.userId,
        ])
      ).rows[0];
      if (affected(member) !== 1) throw new OrgShortError(window ? 'cap' : 'member');
      const startedAt = Number(window?.window_started_at ?? freshStart);
      await runTemplate(trx, 'journalWindow', journalWindowQuery, [startedAt, entry.id]);
      const org = await runTemplate(trx, 'takeOrgQuota', takeOrgQuery, [entry.amount, entry.orgId]);
      if (affected(org) !== 1) throw new OrgShortError('org');
      return { taken: true as const, windowStartedAt: startedAt };
    });
  } catch (error) {
    if (error instanceof OrgShortError) return { taken: false, spent: error.spent };
    if (error instanceof QuotaShort) return { taken: false, spent: 'token' };
    throw error;
  }
}

const orgOf = (s: Settlement): number => (s.funding?.kind === 'org' ? s.funding.orgId : 0);

interface MemberMove {
  orgId: number;
  userId: number;
  charged: number;
  back: number;
  startedAt: number;
  requests: number;
}

/**
 * Applies a batch of org-funded settlements in one transaction: only those whose journal row is
 * still there (deleted here), the rest answer null. A cost above its reservation is charged only
 * as far as the token, the member's cap and the org's balance reach (all locked first).
 */
export async function settleOrgQuotas(
  db: Db,
  settlements: readonly Settlement[],
): Promise<(number | null)[]> {
  if (settlements.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const live: Settlement[] = [];
    // Journal rows in id order, as every batch (and a reconciliation of the same rows) takes them.
    for (const s of [...settlements].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      const gone = await trx
        .deleteFrom('relay_reservations')
        .where('id', '=', s.id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 1) live.push(s);
    }
    // The plan's token and channel sums; the member's window is this source's, not the token's.
    const plan = planSettlements(live.map((s) => ({ ...s, window: undefined })));
    const guarded = new Set(plan.guarded);
    const lock = engineOf(trx) !== 'sqlite';
    const lockRow = async (table: 'tokens' | 'channels' | 'orgs', id: number) => {
      if (lock) await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
    };
    const guardedOnes = live.filter((_, index) => guarded.has(index));
    for (const tokenId of ascending([
      ...plan.tokens.keys(),
      ...guardedOnes.map((s) => s.tokenId),
    ])) {
      const delta = plan.tokens.get(tokenId);
      if (delta !== undefined)
        await runTemplate(trx, 'moveTokenQuota', moveTokenQuery, [delta, tokenId]);
      else await lockRow('tokens', tokenId);
    }
    const guardedChannels = guardedOnes.map((s) => s.channelId).filter((id) => id > 0);
    for (const channelId of ascending([...plan.channels.keys(), ...guardedChannels])) {
      const used = plan.channels.get(channelId);
      if (used !== undefined) await addChannelUsed(trx, channelId, used);
      else await lockRow('channels', channelId);
    }
    const members = new Map<string, MemberMove>();
    const orgs = new Map<number, { delta: number; used: number; requests: number }>();
    for (const [index, s] of live.entries()) {
      if (guarded.has(index)) continue;
      addMoves(members, orgs, s, s.cost);
    }
    const memberRows: { orgId: number; userId: number; move?: MemberMove }[] = [
      ...[...members.values()].map((move) => ({ orgId: move.orgId, userId: move.userId, move })),
      ...guardedOnes.map((s) => ({ orgId: orgOf(s), userId: s.userId })),
    ];
    memberRows.sort(
      (a, b) =>
        a.orgId - b.orgId ||
        a.userId - b.userId ||
        (a.move?.startedAt ?? 0) - (b.move?.startedAt ?? 0),
    );
    for (const { orgId, userId, move } of memberRows) {
      if (move) await moveMember(trx, move);
      else if (lock) await memberWindow(trx, orgId, userId, true);
    }
    for (const orgId of ascending([...orgs.keys(), ...guardedOnes.map(orgOf)])) {
      const move = orgs.get(orgId);
      if (move) await moveOrg(trx, orgId, move.delta, move.used, move.requests);
      else await lockRow('orgs', orgId);
    }
    // Above their reservation: every row they touch is held now; charged one by one.
    for (const index of plan.guarded) {
      const s = live[index] as Settlement;
      const charged = s.reserved + Math.min(s.cost - s.reserved, await headroom(trx, s, lock));
      plan.charges[index] = charged;
      if (charged !== s.reserved) {
        await runTemplate(trx, 'moveTokenQuota', moveTokenQuery, [charged - s.reserved, s.tokenId]);
      }
      if (charged > 0 && s.channelId > 0) await addChannelUsed(trx, s.channelId, charged);
      const one = new Map<string, MemberMove>();
      const org = new Map<number, { delta: number; used: number; requests: number }>();
      addMoves(one, org, s, charged);
      for (const move of one.values()) await moveMember(trx, move);
      for (const [orgId, move] of org)
        await moveOrg(trx, orgId, move.delta, move.used, move.requests);
    }
    const logs: NewLog[] = [];
    const charges = new Map<string, number>();
    for (const [index, s] of live.entries()) {
      const charged = plan.charges[index] ?? 0;
      charges.set(s.id, charged);
      const log = logFor(s, charged);
      if (log) logs.push(log);
    }
    await insertLogs(trx, logs);
    return settlements.map((s) => charges.get(s.id) ?? null);
  });
}

function addMoves(
  members: Map<string, MemberMove>,
  orgs: Map<number, { delta: number; used: number; requests: number }>,
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

/** What a settlement above its reservation may still take: token, member's cap and org. */
async function headroom(trx: Db, s: Settlement, lock: boolean): Promise<number> {
  const orgId = orgOf(s);
  let orgQuery = trx.selectFrom('orgs').select('quota').where('id', '=', orgId);
  if (lock) orgQuery = orgQuery.forUpdate();
  const org = await orgQuery.executeTakeFirst();
  let left = Math.max(0, Number(org?.quota ?? 0));
  const token = await trx
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', s.tokenId)
    .executeTakeFirst();
  if (token && Number(token.unlimited_quota) !== 1)
    left = Math.min(left, Math.max(0, Number(token.remain_quota)));
  const member = await memberWindow(trx, orgId, s.userId, lock);
  if (member && Number(member.quota_limit) > 0) {
    const spent = Number(member.window_used) + Number(member.window_reserved);
    left = Math.min(left, Math.max(0, Number(member.quota_limit) - spent));
  }
  return left;
}

async function memberWindow(
  trx: Db,
  orgId: number,
  userId: number,
  lock: boolean,
): Promise<MemberWindowRow | undefined> {
  let query = trx
    .selectFrom('org_members')
    .select(['window_started_at', 'window_used', 'window_reserved', 'quota_limit'])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

const moveMember = (db: Db, m: MemberMove) =>
  runTemplate(db, 'moveOrgMember', moveMemberQuery, [
    m.charged,
    m.back,
    m.startedAt,
    m.requests,
    m.orgId,
    m.userId,
  ]);

const moveOrg = (db: Db, orgId: number, delta: number, used: number, requests: number) =>
  runTemplate(db, 'moveOrgQuota', moveOrgQuery, [delta, used, requests, orgId]);

const addChannelUsed = (db: Db, channelId: number, used: number) =>
  runTemplate(db, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);

const ascending = (ids: readonly number[]): number[] =>
  [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b);
