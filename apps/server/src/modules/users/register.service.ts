// Password registration with invitation rewards, written in one transaction.
import { LogType, type RegisterRequest, renderQuota } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { NewLog } from '../../db/schema';
import type { MessageKey } from '../../i18n';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/crypto';
import { AppError, refuse } from '../../lib/errors';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import { grantDefaultPlan } from '../plans/plan-grants';
import type { EmailFlowsService } from './email-flows.service';
import { newUserRow } from './new-user';
import { assertUsernameAllowed, assertUsernameFree } from './username-rules';
import {
  addInviterReward,
  findInviterByAffCode,
  insertUser,
  isEmailTaken,
} from './users.repository';

export interface RegistrationDeps {
  db: Db;
  options: OptionsStore;
  clock: Clock;
  emailFlows: EmailFlowsService;
}

/** Attempts when a concurrent insert took the same invitation code (not the same username). */
const MAX_ATTEMPTS = 3;

export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** Creates the account and returns its id (the route signs it in). */
  async register(input: RegisterRequest): Promise<number> {
    this.checkAllowed(input);
    assertUsernameAllowed(input.username);
    const email = await this.verifiedEmail(input);
    const passwordHash = await hashPassword(input.password);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db
          .transaction()
          .execute((trx) => this.createUser(trx, input, email, passwordHash));
      } catch (error) {
        if (error instanceof AppError || !isUniqueViolation(error)) throw error;
        // Lost a race: either the username (a clean refusal) or the generated aff code (retry).
        await assertUsernameFree(this.deps.db, input.username);
        if (email && (await isEmailTaken(this.deps.db, email))) {
          throw refuse('verification.emailTaken');
        }
        if (attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private checkAllowed(input: RegisterRequest): void {
    const { options } = this.deps;
    if (!options.getBool('RegisterEnabled')) throw refuse('auth.registerDisabled');
    if (!options.getBool('PasswordRegisterEnabled')) throw refuse('auth.passwordRegisterDisabled');
    if (input.password2 !== undefined && input.password2 !== input.password) {
      throw refuse('auth.passwordMismatch');
    }
  }

  /** With email verification on: the address, after its rules, uniqueness and code are checked. */
  private async verifiedEmail(input: RegisterRequest): Promise<string | null> {
    const { db, options, emailFlows } = this.deps;
    if (!options.getBool('EmailVerificationEnabled')) return null;
    const email = input.email?.trim();
    if (!email || !input.verification_code) throw refuse('auth.emailVerificationRequired');
    await assertUsernameFree(db, input.username);
    // The code first: a taken address never gets one, so without it nothing is told.
    await emailFlows.checkCode(email, input.verification_code);
    if (await isEmailTaken(db, email)) throw refuse('verification.emailTaken');
    return email;
  }

  private async createUser(
    trx: Db,
    input: RegisterRequest,
    email: string | null,
    passwordHash: string,
  ): Promise<number> {
    const { options, clock } = this.deps;
    await assertUsernameFree(trx, input.username);
    const inviter = input.aff_code ? await findInviterByAffCode(trx, input.aff_code) : undefined;
    const now = clock.now();
    const newUserQuota = options.getInt('QuotaForNewUser');
    const inviteeReward = inviter ? options.getInt('QuotaForInvitee') : 0;
    const inviterReward = inviter ? options.getInt('QuotaForInviter') : 0;

    const row = await newUserRow(trx, {
      username: input.username,
      passwordHash,
      quota: newUserQuota + inviteeReward,
      now,
      email,
      inviterId: inviter?.id ?? 0,
    });
    const userId = await insertUser(trx, row);
    if (inviter) await addInviterReward(trx, inviter.id, inviterReward);
    await grantDefaultPlan(
      trx,
      { userId, username: input.username },
      options.getInt('DefaultPlanId'),
      now,
    );

    const display = {
      displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.getNumber('QuotaPerUnit'),
    };
    const systemLog = (user_id: number, username: string, content: string): NewLog => ({
      user_id,
      username,
      created_at: now,
      type: LogType.system,
      content,
    });
    const logs: NewLog[] = [];
    const say = (key: MessageKey, quota: number, extra = {}) =>
      logContent(key, { quota: renderQuota(quota, display), ...extra });
    if (newUserQuota > 0) {
      logs.push(systemLog(userId, input.username, say('log.newUserGift', newUserQuota)));
    }
    if (inviter && inviteeReward > 0) {
      logs.push(systemLog(userId, input.username, say('log.inviteeReward', inviteeReward)));
    }
    if (inviter && inviterReward > 0) {
      const content = say('log.inviterReward', inviterReward, { username: input.username });
      logs.push(systemLog(inviter.id, inviter.username, content));
    }
    await insertLogs(trx, logs);
    return userId;
  }
}
