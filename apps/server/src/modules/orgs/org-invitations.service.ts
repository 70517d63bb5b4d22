// Invitations into an org (issue 32): one user each, single use, valid ORG_INVITATION_HOURS; the
// code and its console link come back to the inviter (to copy) and are mailed when SMTP is set.
import {
  type Language,
  ORG_INVITATION_HOURS,
  type OrgInvitationCreated,
  type OrgInvitationView,
  type OrgInviteRequest,
  type OrgJoined,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { translate } from '../../i18n';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { AppError, refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import type { AuditActor } from '../audit/audit.writer';
import type { MailService } from '../mail/mail.service';
import type { OptionsStore } from '../options/options.store';
import {
  claimInvitation,
  findInvitation,
  findMember,
  findOrg,
  findUserByNameOrEmail,
  insertInvitation,
  insertMember,
  listPendingInvitations,
  revokeInvitation,
} from './orgs.repository';
import { invitationView, type OrgAccess, recordOrgAudit } from './orgs.service';

/** The console page that accepts an invitation (apps/account's organization accept page). */
export const ACCEPT_PATH = '/organization/accept';

export interface InvitationDeps {
  db: Db;
  clock: Clock;
  options: OptionsStore;
  mail: MailService;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export class OrgInvitationsService {
  constructor(private readonly deps: InvitationDeps) {}

  /** Invites a user by username or email; only an owner invites an owner. Audited (no code). */
  async invite(
    identity: Identity,
    access: OrgAccess,
    input: OrgInviteRequest,
    language: Language,
    actor: AuditActor,
  ): Promise<OrgInvitationCreated> {
    const { db, clock } = this.deps;
    if (input.role === 'owner' && access.role !== 'owner') {
      throw new AppError(403, 'org.onlyOwnerGrantsOwner');
    }
    const user = await findUserByNameOrEmail(db, input);
    if (!user) throw refuse('org.inviteeNotFound');
    if (await findMember(db, access.org.id, Number(user.id))) throw refuse('org.alreadyMember');
    const now = clock.now();
    const code = randomToken(24);
    const expiresAt = now + ORG_INVITATION_HOURS * 3600;
    await db.transaction().execute(async (trx) => {
      await insertInvitation(trx, {
        org_id: access.org.id,
        code,
        user_id: Number(user.id),
        role: input.role,
        invited_by: identity.userId,
        created_at: now,
        expires_at: expiresAt,
      });
      const invitation = await findInvitation(trx, code);
      await recordOrgAudit(trx, actor, access.org.id, 'org.invitation.create', {
        invitation_id: Number(invitation?.id ?? 0),
        user_id: Number(user.id),
        username: user.username,
        role: input.role,
      });
    });
    const path = `${ACCEPT_PATH}?code=${encodeURIComponent(code)}`;
    const base = this.deps.options.getString('ServerAddress').trim().replace(/\/+$/, '');
    const link = /^https?:\/\/[^\s/]+/.test(base) ? `${base}${path}` : path;
    const mailed = this.mailLater(user.email, {
      inviter: identity.username,
      org: access.org.name,
      link,
      language,
    });
    return { code, link, expires_at: expiresAt, mailed };
  }

  /** Sent after the reply when SMTP is set and the invitee has an address and the link is absolute. */
  private mailLater(
    to: string | null,
    text: { inviter: string; org: string; link: string; language: Language },
  ): boolean {
    const { options, mail } = this.deps;
    if (!to || !options.getString('SMTPServer').trim() || !text.link.startsWith('http')) {
      return false;
    }
    const system = options.getString('SystemName').trim() || 'Switchyard';
    const params = {
      system,
      inviter: text.inviter,
      org: text.org,
      link: text.link,
      hours: ORG_INVITATION_HOURS,
    };
    mail.sendLater(async () => ({
      to,
      subject: translate(text.language, 'mail.orgInvitation.subject', params),
      html: `<p>${escapeHtml(translate(text.language, 'mail.orgInvitation.body', params))}</p>`,
    }));
    return true;
  }

  /** The org's pending invitations (not accepted, revoked or expired), newest first. */
  async pending(access: OrgAccess): Promise<OrgInvitationView[]> {
    const rows = await listPendingInvitations(this.deps.db, access.org.id, this.deps.clock.now());
    return rows.map(invitationView);
  }

  /**
   * Revokes a pending invitation: its code is refused from then on. Audited in the same
   * transaction, as every other org change is.
   */
  async revoke(access: OrgAccess, invitationId: number, actor: AuditActor): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (!(await revokeInvitation(trx, access.org.id, invitationId, clock.now()))) {
        throw new AppError(404, 'org.invitationNotFound');
      }
      await recordOrgAudit(trx, actor, access.org.id, 'org.invitation.revoke', {
        invitation_id: invitationId,
      });
    });
  }

  /** Accepts an invitation sent to the caller: once, before it expires. */
  async accept(identity: Identity, code: string): Promise<OrgJoined> {
    const { db, clock } = this.deps;
    const invitation = await findInvitation(db, code);
    if (!invitation || invitation.accepted_at !== null) throw refuse('org.invitationInvalid');
    // Said plainly, so the invitee knows to ask again rather than retry.
    if (invitation.revoked_at !== null) throw new AppError(410, 'org.invitationRevoked');
    if (Number(invitation.user_id) !== identity.userId) {
      throw new AppError(403, 'org.invitationWrongUser');
    }
    const now = clock.now();
    if (Number(invitation.expires_at) <= now) throw refuse('org.invitationExpired');
    const orgId = Number(invitation.org_id);
    const org = await findOrg(db, orgId);
    if (!org) throw refuse('org.invitationInvalid');
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await claimInvitation(trx, Number(invitation.id), now))) {
          throw refuse('org.invitationInvalid');
        }
        await insertMember(trx, {
          org_id: orgId,
          user_id: identity.userId,
          role: invitation.role,
          joined_at: now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('org.alreadyMember');
      throw error;
    }
    const role =
      invitation.role === 'owner' || invitation.role === 'admin' ? invitation.role : 'member';
    return { org_id: orgId, name: org.name, role };
  }
}
