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
import { directOf, QuotaShort } from '../relay/direct-sqlite';
import { runTemplate } from '../relay/query-templates';
import { RelayError } from '../relay/relay-errors';
import {
  addChannelUsedQuery,
  affected,
  insertJournalQuery,
  journalWindowQuery,
  moveTokenQuery,
  takeTokenQuery,
  tokenQuotaQuery,
} from './ledger.queries';
import { directOrgSettle } from './org-settle-direct';
import {
  guardedMoves,
  inJournalOrder,
  type MemberMove,
  memberMoveArgs,
  type OrgMove,
  orgHeadroom,
  orgOf,
  planOrgSettlement,
} from './org-settle-plan';
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
  type Settlement,
  type TokenBalance,
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
 * it is synchronous on the connection (org-take-direct.ts), queued for the transaction the
 * wallet's takes of the same event-loop turn share (a savepoint of its own there), unless a
 * Kysely transaction holds the connection.
 */
export function takeOrgQuota(db: Db, entry: OrgTakeEntry, now: number): Promise<OrgTakeResult> {
  const direct = directOrgTake(db);
  const turn = directOf(db);
  if (direct && turn) {
    return turn.queueTake(
      () => direct(entry, now),
      () => takeOrgWithKysely(db, entry, now),
    );
  }
  return takeOrgWithKysely(db, entry, now);
}

async function takeOrgWithKysely(db: Db, entry: OrgTakeEntry, now: number): Promise<OrgTakeResult> {
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

/**
 * Applies a batch of org-funded settlements in one transaction: only those whose journal row is
 * still there (deleted here), the rest answer null. A cost above its reservation is charged only
 * as far as the token, the member's cap and the org's balance reach (all locked first). On SQLite
 * it is one synchronous transaction on the connection (org-settle-direct.ts) unless a Kysely
 * transaction holds it.
 */
export async function settleOrgQuotas(
  db: Db,
  settlements: readonly Settlement[],
): Promise<(number | null)[]> {
  if (settlements.length === 0) return [];
  const direct = directOrgSettle(db);
  if (direct) return direct(settlements);
  return db.transaction().execute(async (trx) => {
    const live: Settlement[] = [];
    for (const s of inJournalOrder(settlements)) {
      const gone = await trx
        .deleteFrom('relay_reservations')
        .where('id', '=', s.id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 1) live.push(s);
    }
    const plan = planOrgSettlement(live);
    const lock = engineOf(trx) !== 'sqlite';
    const lockRow = async (table: 'tokens' | 'channels' | 'orgs', id: number) => {
      if (lock) await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
    };
    for (const [tokenId, delta] of plan.tokens) {
      if (delta !== undefined)
        await runTemplate(trx, 'moveTokenQuota', moveTokenQuery, [delta, tokenId]);
      else await lockRow('tokens', tokenId);
    }
    for (const [channelId, used] of plan.channels) {
      if (used !== undefined) await addChannelUsed(trx, channelId, used);
      else await lockRow('channels', channelId);
    }
    for (const { orgId, userId, move } of plan.members) {
      if (move) await moveMember(trx, move);
      else if (lock) await memberWindow(trx, orgId, userId, true);
    }
    for (const [orgId, move] of plan.orgs) {
      if (move) await moveOrg(trx, orgId, move);
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
      const moves = guardedMoves(s, charged);
      for (const move of moves.members) await moveMember(trx, move);
      for (const [orgId, move] of moves.orgs) await moveOrg(trx, orgId, move);
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

/** The balances a settlement above its reservation may still take from (orgHeadroom). */
async function headroom(trx: Db, s: Settlement, lock: boolean): Promise<number> {
  let orgQuery = trx.selectFrom('orgs').select('quota').where('id', '=', orgOf(s));
  if (lock) orgQuery = orgQuery.forUpdate();
  const org = await orgQuery.executeTakeFirst();
  const [token] = (await runTemplate<TokenBalance>(trx, 'tokenQuota', tokenQuotaQuery, [s.tokenId]))
    .rows;
  const member = await memberWindow(trx, orgOf(s), s.userId, lock);
  return orgHeadroom(org?.quota, token, member);
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
  runTemplate(db, 'moveOrgMember', moveMemberQuery, memberMoveArgs(m));

const moveOrg = (db: Db, orgId: number, m: OrgMove) =>
  runTemplate(db, 'moveOrgQuota', moveOrgQuery, [m.delta, m.used, m.requests, orgId]);

const addChannelUsed = (db: Db, channelId: number, used: number) =>
  runTemplate(db, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);
