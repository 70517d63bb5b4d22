// The org settlement (org-wallet.ts' settleOrgQuotas) on SQLite: the same plan (org-settle-plan.ts)
// applied with the same statements in the same order, as one synchronous better-sqlite3
// transaction on the connection instead of a Kysely transaction that awaits between them, as the
// wallet's and the plan's settlements already are. SQLite takes no row locks, so the plan's
// lock-only steps are skipped, as the Kysely path skips them there. Used only while no Kysely
// transaction holds the connection: a statement run directly then would join it.
import type { Db, SqliteDirect } from '../db/database';
import { sqliteDirectOf } from '../db/database';
import { type Arg, directTemplate } from '../relay/query-templates';
import {
  addChannelUsedQuery,
  deleteJournalQuery,
  directInsertLog,
  moveTokenQuery,
  tokenQuotaQuery,
} from './ledger.queries';
import {
  guardedMoves,
  inJournalOrder,
  memberMoveArgs,
  orgHeadroom,
  orgOf,
  planOrgSettlement,
} from './org-settle-plan';
import {
  type MemberWindowRow,
  memberWindowQuery,
  moveMemberQuery,
  moveOrgQuery,
} from './org-wallet.queries';
import { logFor, type Settlement, type TokenBalance } from './settlement-plan';

type DirectOrgSettle = (settlements: readonly Settlement[]) => (number | null)[];

const settles = new WeakMap<Db, DirectOrgSettle>();

const orgQuotaQuery = (q: Db, arg: Arg) =>
  q.selectFrom('orgs').select('quota').where('id', '=', arg<number>(0));

/** The synchronous org settlement of a root SQLite database, or undefined (other engines, a
 * transaction open on the connection). */
export function directOrgSettle(db: Db): DirectOrgSettle | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let settle = settles.get(db);
  if (!settle) {
    settle = prepareSettle(db, direct);
    settles.set(db, settle);
  }
  return settle;
}

function prepareSettle(db: Db, direct: SqliteDirect): DirectOrgSettle {
  const deleteJournal = directTemplate(db, direct, 'deleteJournal', deleteJournalQuery, 1);
  const moveToken = directTemplate(db, direct, 'moveTokenQuota', moveTokenQuery, 2);
  const addChannelUsed = directTemplate(db, direct, 'addChannelUsed', addChannelUsedQuery, 2);
  const moveMember = directTemplate(db, direct, 'moveOrgMember', moveMemberQuery, 6);
  const moveOrg = directTemplate(db, direct, 'moveOrgQuota', moveOrgQuery, 4);
  const orgQuota = directTemplate<{ quota: number }>(db, direct, 'orgQuota', orgQuotaQuery, 1);
  const tokenQuota = directTemplate<TokenBalance>(db, direct, 'tokenQuota', tokenQuotaQuery, 1);
  const memberWindow = directTemplate<MemberWindowRow>(
    db,
    direct,
    'orgMemberWindow',
    memberWindowQuery,
    2,
  );
  const insertLog = directInsertLog(db, direct);
  return direct.connection.transaction((settlements: readonly Settlement[]) => {
    const live = inJournalOrder(settlements).filter((s) => deleteJournal.run(s.id) === 1);
    const plan = planOrgSettlement(live);
    for (const [tokenId, delta] of plan.tokens)
      if (delta !== undefined) moveToken.run(delta, tokenId);
    for (const [channelId, used] of plan.channels) {
      if (used !== undefined) addChannelUsed.run(used, channelId);
    }
    for (const { move } of plan.members) if (move) moveMember.run(...memberMoveArgs(move));
    for (const [orgId, move] of plan.orgs) {
      if (move) moveOrg.run(move.delta, move.used, move.requests, orgId);
    }
    // Above their reservation: charged one by one against what the sums left.
    for (const index of plan.guarded) {
      const s = live[index] as Settlement;
      const [org] = orgQuota.all(orgOf(s));
      const [token] = tokenQuota.all(s.tokenId);
      const [member] = memberWindow.all(orgOf(s), s.userId);
      const charged =
        s.reserved + Math.min(s.cost - s.reserved, orgHeadroom(org?.quota, token, member));
      plan.charges[index] = charged;
      if (charged !== s.reserved) moveToken.run(charged - s.reserved, s.tokenId);
      if (charged > 0 && s.channelId > 0) addChannelUsed.run(charged, s.channelId);
      const moves = guardedMoves(s, charged);
      for (const move of moves.members) moveMember.run(...memberMoveArgs(move));
      for (const [orgId, move] of moves.orgs)
        moveOrg.run(move.delta, move.used, move.requests, orgId);
    }
    const charges = new Map<string, number>();
    for (const [index, s] of live.entries()) {
      const charged = plan.charges[index] ?? 0;
      charges.set(s.id, charged);
      const log = logFor(s, charged);
      if (log) insertLog(log);
    }
    return settlements.map((s) => charges.get(s.id) ?? null);
  });
}
