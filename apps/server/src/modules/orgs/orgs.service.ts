// Organizations (issue 32): create, read, rename, delete; members with roles and caps; the org
// role every action needs is checked here (orgAccess), never left to the console. Every change to
// an org (by its owners and admins, or by a site admin) is audited in the same transaction.
import {
  isAdmin,
  LogType,
  ORG_CAP_PERIODS,
  ORG_ROLE_RANK,
  type OrgCapPeriod,
  type OrgDetail,
  type OrgInvitationView,
  type OrgMemberUpdateRequest,
  type OrgMemberView,
  type OrgRole,
  type OrgView,
  orgFunding,
  TokenStatus,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { engineOf } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { AppError, refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { windowResetsAt } from '../limits/window-rules';
import { insertLogs } from '../logs/logs.repository';
import {
  addUserQuotaBack,
  countOwners,
  deleteMember,
  deleteOrg,
  findMember,
  findOrg,
  insertMember,
  insertOrg,
  listMembers,
  listOrgs,
  listPendingInvitations,
  listUserOrgs,
  lockMembers,
  type MemberRow,
  type OrgRow,
  renameOrg,
  updateMember,
} from './orgs.repository';

export interface OrgsDeps {
  db: Db;
  clock: Clock;
  /** The zone calendar cap windows start in (option QuotaWindowTimezone). */
  timeZone: () => string;
}

/** Who is acting on an org: their role in it (null: not a member) and whether a site admin. */
export interface OrgAccess {
  org: OrgRow;
  role: OrgRole | null;
  siteAdmin: boolean;
}

export const orgRoleOf = (role: string): OrgRole =>
  role === 'owner' || role === 'admin' ? role : 'member';

export const invitationView = (row: {
  id: number;
  username: string;
  role: string;
  created_at: number;
  expires_at: number;
}): OrgInvitationView => ({
  id: Number(row.id),
  username: row.username,
  role: orgRoleOf(row.role),
  created_at: Number(row.created_at),
  expires_at: Number(row.expires_at),
});

const asPeriod = (period: string): OrgCapPeriod =>
  (ORG_CAP_PERIODS as readonly string[]).includes(period) ? (period as OrgCapPeriod) : '';

export const orgView = (row: OrgRow, role: OrgRole | null, members: number): OrgView => ({
  id: Number(row.id),
  name: row.name,
  quota: Number(row.quota),
  used_quota: Number(row.used_quota),
  request_count: Number(row.request_count),
  created_at: Number(row.created_at),
  role,
  member_count: Number(members),
});

export class OrgsService {
  constructor(private readonly deps: OrgsDeps) {}

  /**
   * The org and the caller's standing; refused unless the caller's role reaches `need` (null: any
   * member), or, where `siteAdmin` allows, the caller is a site admin. A non-member learns
   * nothing about the org: 404 whether it exists or not.
   */
  async access(
    identity: Identity,
    orgId: number,
    need: OrgRole | null,
    siteAdmin: boolean,
  ): Promise<OrgAccess> {
    const { db } = this.deps;
    const org = await findOrg(db, orgId);
    const member = org ? await findMember(db, orgId, identity.userId) : undefined;
    const role = member ? orgRoleOf(member.role) : null;
    const admin = siteAdmin && isAdmin(identity.role);
    if (org && role && ORG_ROLE_RANK[role] >= ORG_ROLE_RANK[need ?? 'member']) {
      return { org, role, siteAdmin: false };
    }
    if (org && admin) return { org, role, siteAdmin: true };
    // A member below the role gets 403; to anyone else the org does not exist.
    if (role) throw new AppError(403, 'org.forbidden');
    throw new AppError(404, 'org.notFound');
  }

  async listAll(): Promise<OrgView[]> {
    return (await listOrgs(this.deps.db)).map((row) => orgView(row, null, row.member_count));
  }

  async listOwn(identity: Identity): Promise<OrgView[]> {
    return (await listUserOrgs(this.deps.db, identity.userId)).map((row) =>
      orgView(row, orgRoleOf(row.role), row.member_count),
    );
  }

  async create(identity: Identity, name: string): Promise<OrgView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const id = await db.transaction().execute(async (trx) => {
      const orgId = await insertOrg(trx, { name, created_by: identity.userId, created_at: now });
      await insertMember(trx, {
        org_id: orgId,
        user_id: identity.userId,
        role: 'owner',
        joined_at: now,
      });
      return orgId;
    });
    const org = await findOrg(db, id);
    if (!org) throw new Error('an org just created is missing');
    return orgView(org, 'owner', 1);
  }

  async detail(access: OrgAccess): Promise<OrgDetail> {
    const { db, clock } = this.deps;
    const members = await listMembers(db, access.org.id);
    const manager = access.siteAdmin || (access.role !== null && access.role !== 'member');
    const invitations = manager
      ? (await listPendingInvitations(db, access.org.id, clock.now())).map(invitationView)
      : [];
    return {
      ...orgView(access.org, access.role, members.length),
      members: members.map((row) => this.memberView(row)),
      invitations,
    };
  }

  private memberView(row: MemberRow): OrgMemberView {
    const period = asPeriod(row.window_period);
    const now = this.deps.clock.now();
    const started = Number(row.window_started_at);
    // A calendar window that is over has nothing spent in it any more; '' never ends.
    const current =
      period === '' ? started > 0 : windowResetsAt(period, started, now, this.deps.timeZone()) > 0;
    return {
      user_id: Number(row.user_id),
      username: row.username,
      display_name: row.display_name ?? '',
      role: orgRoleOf(row.role),
      quota_limit: Number(row.quota_limit),
      window_period: period,
      window_used: current ? Number(row.window_used) : 0,
      used_quota: Number(row.used_quota),
      request_count: Number(row.request_count),
      joined_at: Number(row.joined_at),
    };
  }

  async rename(access: OrgAccess, name: string, actor: AuditActor): Promise<OrgView> {
    await this.deps.db.transaction().execute(async (trx) => {
      await renameOrg(trx, access.org.id, name);
      await recordOrgAudit(trx, actor, access.org.id, 'org.update', { name });
    });
    const members = await listMembers(this.deps.db, access.org.id);
    return orgView({ ...access.org, name }, access.role, members.length);
  }

  /**
   * Deletes the org; what its wallet still holds goes back to the deleting owner's wallet, a
   * line in the org's log (the quota out) and one in the owner's. Its tokens stop at once.
   */
  async remove(
    identity: Identity,
    access: OrgAccess,
    actor: AuditActor,
    content: string,
  ): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      // Tokens first, then the user, then the org: the order the ledger and funding lock them.
      await trx
        .updateTable('tokens')
        .set({ status: TokenStatus.disabled })
        .where('org_id', '=', access.org.id)
        .execute();
      const held = await deleteOrg(
        trx,
        access.org.id,
        identity.userId,
        now,
        engineOf(trx) !== 'sqlite',
      );
      if (held === null) throw new AppError(404, 'org.notFound');
      if (held > 0) {
        await addUserQuotaBack(trx, identity.userId, held);
        const line = {
          user_id: identity.userId,
          username: identity.username,
          created_at: now,
          content,
        };
        await insertLogs(trx, [
          { ...line, type: LogType.topup, quota: -held, funding: orgFunding(access.org.id) },
          { ...line, type: LogType.manage, quota: held, funding: 'wallet' },
        ]);
      }
      await recordOrgAudit(trx, actor, access.org.id, 'org.delete', { moved_back: held });
      return held;
    });
  }

  /** Sets a member's role and cap. Only an owner appoints or changes an owner. */
  async updateMember(
    access: OrgAccess,
    userId: number,
    input: OrgMemberUpdateRequest,
    actor: AuditActor,
  ): Promise<void> {
    const { db } = this.deps;
    await retryOnDeadlock(() =>
      db.transaction().execute(async (trx) => {
        await lockMembers(trx, access.org.id, engineOf(trx) === 'sqlite');
        const member = await findMember(trx, access.org.id, userId);
        if (!member) throw refuse('org.memberNotFound');
        const owner = access.role === 'owner' || access.siteAdmin;
        if ((input.role === 'owner' || member.role === 'owner') && !owner) {
          throw new AppError(403, 'org.onlyOwnerGrantsOwner');
        }
        if (member.role === 'owner' && input.role && input.role !== 'owner') {
          if ((await countOwners(trx, access.org.id)) <= 1) throw refuse('org.lastOwner');
        }
        const periodChanged =
          input.window_period !== undefined && input.window_period !== member.window_period;
        await updateMember(trx, access.org.id, userId, {
          ...(input.role ? { role: input.role } : {}),
          ...(input.quota_limit !== undefined ? { quota_limit: input.quota_limit } : {}),
          ...(input.window_period !== undefined ? { window_period: input.window_period } : {}),
          // A new period starts a fresh window (holds in flight settle into the old one).
          ...(periodChanged ? { window_started_at: 0, window_used: 0 } : {}),
        });
        await recordOrgAudit(trx, actor, access.org.id, 'org.member.update', {
          user_id: userId,
          ...input,
        });
      }),
    );
  }

  /**
   * Removes a member (owners and admins; an admin cannot remove an owner) or lets the caller
   * leave. The last owner cannot leave. The member's org tokens stop at once.
   */
  async removeMember(
    identity: Identity,
    orgId: number,
    userId: number,
    actor: AuditActor,
  ): Promise<void> {
    const self = userId === identity.userId;
    const access = await this.access(identity, orgId, self ? 'member' : 'admin', !self);
    const { db } = this.deps;
    // The member's last call may be settling against the same member and wallet rows: MySQL can
    // pick this transaction as a deadlock's victim, and it is safe to run again whole.
    await retryOnDeadlock(() =>
      db.transaction().execute(async (trx) => {
        await lockMembers(trx, orgId, engineOf(trx) === 'sqlite');
        const member = await findMember(trx, orgId, userId);
        if (!member) throw refuse('org.memberNotFound');
        if (member.role === 'owner') {
          if (!self && access.role !== 'owner' && !access.siteAdmin) {
            throw new AppError(403, 'org.onlyOwnerGrantsOwner');
          }
          if ((await countOwners(trx, orgId)) <= 1) throw refuse('org.lastOwner');
        }
        await deleteMember(trx, orgId, userId, TokenStatus.disabled);
        await recordOrgAudit(trx, actor, orgId, self ? 'org.member.leave' : 'org.member.remove', {
          user_id: userId,
        });
      }),
    );
  }
}

/**
 * One audit entry of a change to org `orgId` (target `org #<id>`), written in the change's
 * transaction: by its owners and admins as by a site admin. `summary` names who or what inside
 * the org was acted on (a member's user_id, an invitation's id) and never holds a secret (no
 * invitation code, no redemption key).
 */
export function recordOrgAudit(
  trx: Db,
  actor: AuditActor,
  orgId: number,
  action: string,
  summary: Record<string, unknown>,
): Promise<void> {
  return recordAudit(trx, actor, { action, target_type: 'org', target_id: orgId, summary });
}
