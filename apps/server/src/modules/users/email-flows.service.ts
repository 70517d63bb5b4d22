// Mail-driven account flows: registration codes, email binding, password reset by link, and the
// reminder sent when a request takes a user's quota below QuotaRemindThreshold.
import { type Language, renderQuota } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { translate } from '../../i18n';
import { hashPassword, randomCode } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { Identity } from '../../lib/identity';
import type { MailService } from '../mail/mail.service';
import type { OptionsStore } from '../options/options.store';
import { deleteUserSessions } from '../sessions/sessions.repository';
import { VERIFICATION_TTL, type VerificationService } from '../verification/verification.service';
import { emailRuleViolation } from './email-rules';
import { findUserByEmail, findUserById, isEmailTaken, updateUser } from './users.repository';

export interface EmailFlowsDeps {
  db: Db;
  options: OptionsStore;
  mail: MailService;
  verification: VerificationService;
}

const RESET_PASSWORD_LENGTH = 12;

export class EmailFlowsService {
  constructor(private readonly deps: EmailFlowsDeps) {}

  /** Checks the address against the rules, then mails a code unless an account has it. The answer
   * and its timing are the same either way (whether an address has an account is not told): the
   * lookup and the mail happen after the reply, and a taken address gets no code, so registering
   * or binding it fails on the code. */
  async sendCode(email: string, language: Language): Promise<void> {
    const { db, options, mail, verification } = this.deps;
    const violation = emailRuleViolation(options, email);
    if (violation) throw refuse(violation);
    mail.ensureConfigured();
    mail.sendLater(async () => {
      if (await isEmailTaken(db, email)) return null;
      const code = await verification.issue('email', email);
      const system = this.systemName();
      return {
        to: email,
        subject: translate(language, 'mail.codeSubject', { system }),
        html: translate(language, 'mail.codeBody', {
          system: escapeHtml(system),
          code,
          minutes: VERIFICATION_TTL.email / 60,
        }),
      };
    });
  }

  /** Refuses unless the code mailed to the address is valid; it is used up either way on success. */
  async checkCode(email: string, code: string): Promise<void> {
    if (!(await this.deps.verification.consume('email', email, code))) {
      throw refuse('verification.codeInvalid');
    }
  }

  async bindEmail(identity: Identity, email: string, code: string): Promise<void> {
    const { db, options } = this.deps;
    const violation = emailRuleViolation(options, email);
    if (violation) throw refuse(violation);
    // The code first: without one, whether the address is taken is not told.
    await this.checkCode(email, code);
    if (await isEmailTaken(db, email, identity.userId)) throw refuse('verification.emailTaken');
    await updateUser(db, identity.userId, { email });
  }

  /** Mails a reset link when the address belongs to an account. The answer and its timing are the
   * same either way: the lookup and the mail happen after the reply. The link is built from
   * ServerAddress only (refused when it is not set), never from the request's Host. */
  async sendResetLink(email: string, language: Language): Promise<void> {
    const { db, mail, verification } = this.deps;
    mail.ensureConfigured();
    const base = mail.linkBase();
    mail.sendLater(async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return null;
      const token = await verification.issue('reset', email);
      const link = new URL('/user/reset', base);
      link.searchParams.set('email', email);
      link.searchParams.set('token', token);
      const system = this.systemName();
      return {
        to: email,
        subject: translate(language, 'mail.resetSubject', { system }),
        html: translate(language, 'mail.resetBody', {
          system: escapeHtml(system),
          link: escapeHtml(link.toString()),
          minutes: VERIFICATION_TTL.reset / 60,
        }),
      };
    });
  }

  /** Mails the user that their quota is running low, in Chinese and English (the relay has no
   * request language for it). Users without an email address, or a server without SMTP, get
   * nothing; a failed delivery is logged by the mailer and otherwise ignored. */
  async remindLowQuota(userId: number, quotaLeft: number): Promise<void> {
    const { db, options, mail } = this.deps;
    if (!options.getString('SMTPServer').trim()) return;
    const user = await findUserById(db, userId);
    if (!user?.email) return;
    const system = this.systemName();
    const quota = renderQuota(quotaLeft, {
      displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.getNumber('QuotaPerUnit'),
    });
    const both = (key: 'mail.quotaLowSubject' | 'mail.quotaLowBody', join: string) =>
      (['zh', 'en'] as const)
        .map((language) => translate(language, key, { system: escapeHtml(system), quota }))
        .join(join);
    await mail
      .send({
        to: user.email,
        subject: both('mail.quotaLowSubject', ' / '),
        html: both('mail.quotaLowBody', '<hr>'),
      })
      .catch(() => undefined);
  }

  /**
   * Uses the token once: sets a new random password, ends the user's sessions and revokes the
   * system access token (an intruder's would outlive the recovery), returns the password.
   */
  async resetPassword(email: string, token: string): Promise<string> {
    const { db, verification } = this.deps;
    if (!(await verification.consume('reset', email, token))) throw refuse('reset.linkInvalid');
    const user = await findUserByEmail(db, email);
    if (!user) throw refuse('reset.linkInvalid');
    const password = randomCode(RESET_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { password: hash, access_token: null });
      await deleteUserSessions(trx, user.id);
    });
    await verification.revokeAll('reset', email);
    return password;
  }

  private systemName(): string {
    return this.deps.options.getString('SystemName').trim() || 'Switchyard';
  }
}
