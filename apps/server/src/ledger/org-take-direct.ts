// The org take (org-wallet.ts' takeOrgQuota) on SQLite: the same statements, in the same order,
// run directly on the connection as one synchronous better-sqlite3 transaction instead of a
// Kysely transaction that awaits between them, as the wallet's take (relay/direct-sqlite.ts) and
// the plan's (plan-funding.ts) do; org-wallet.ts queues it for the transaction the wallet's takes
// of the same event-loop turn share (relay/direct-sqlite.ts' queueTake), where it is a savepoint.
// A refusal throws inside the transaction (or savepoint), so nothing of the take stays written. Used only while no Kysely transaction holds the connection: a statement run
// directly then would join it.
import { type Db, type SqliteDirect, sqliteDirectOf } from '../db/database';
import { directTemplate } from '../relay/query-templates';
import { directInsertJournal, journalWindowQuery, takeTokenQuery } from './ledger.queries';
import type { OrgShort, OrgTakeResult } from './org-wallet';
import {
  type MemberWindowRow,
  memberWindowQuery,
  takeMemberQuery,
  takeOrgQuery,
} from './org-wallet.queries';
import { type JournalEntry, journalArgs, type WindowTerms } from './settlement-plan';

export type OrgTakeEntry = JournalEntry & { orgId: number; terms: WindowTerms };
type DirectOrgTake = (entry: OrgTakeEntry, now: number) => OrgTakeResult;

class Refused extends Error {
  constructor(readonly spent: OrgShort) {
    super(`org take refused: ${spent}`);
  }
}

const takes = new WeakMap<Db, DirectOrgTake>();

/** The synchronous org take of a root SQLite database, or undefined (other engines, a
 * transaction open on the connection). */
export function directOrgTake(db: Db): DirectOrgTake | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let take = takes.get(db);
  if (!take) {
    take = prepareTake(db, direct);
    takes.set(db, take);
  }
  return take;
}

function prepareTake(db: Db, direct: SqliteDirect): DirectOrgTake {
  const insertJournal = directInsertJournal(db, direct);
  const takeToken = directTemplate(db, direct, 'takeTokenQuota', takeTokenQuery, 3);
  const takeMember = directTemplate(db, direct, 'takeOrgMember', takeMemberQuery, 5);
  const memberWindow = directTemplate<MemberWindowRow>(
    db,
    direct,
    'orgMemberWindow',
    memberWindowQuery,
    2,
  );
  const journalWindow = directTemplate(db, direct, 'journalWindow', journalWindowQuery, 2);
  const takeOrg = directTemplate(db, direct, 'takeOrgQuota', takeOrgQuery, 2);
  const transaction = direct.connection.transaction(
    (entry: OrgTakeEntry, now: number): OrgTakeResult => {
      insertJournal.run(...journalArgs(entry));
      if (takeToken.run(entry.amount, now, entry.tokenId) !== 1) throw new Refused('token');
      const { cutoff, freshStart } = entry.terms;
      const member = takeMember.run(entry.amount, entry.orgId, entry.userId, cutoff, freshStart);
      const [window] = memberWindow.all(entry.orgId, entry.userId);
      if (member !== 1) throw new Refused(window ? 'cap' : 'member');
      const startedAt = Number(window?.window_started_at ?? freshStart);
      journalWindow.run(startedAt, entry.id);
      if (takeOrg.run(entry.amount, entry.orgId) !== 1) throw new Refused('org');
      return { taken: true, windowStartedAt: startedAt };
    },
  );
  return (entry, now) => {
    try {
      return transaction(entry, now);
    } catch (error) {
      if (error instanceof Refused) return { taken: false, spent: error.spent };
      throw error;
    }
  };
}
