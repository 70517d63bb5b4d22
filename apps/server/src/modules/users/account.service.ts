// Password sign-in (with its second factor when the account has one) and sign-out.
import { type LoginRequest, type SessionUser, UserStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { burnPasswordCheck, verifyPassword } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { OptionsStore } from '../options/options.store';
import type { SessionMeta, SessionService } from '../sessions/sessions.service';
import type { SecondFactorInput, TwoFactorService } from '../sessions/two-factor.service';
import { toSessionUser } from './users.mapper';
import { findUserById, findUserByLogin } from './users.repository';

export interface AccountDeps {
  db: Db;
  options: OptionsStore;
  sessions: SessionService;
  twoFactor: TwoFactorService;
}

/** A sign-in that is done (a session) or waits for its second factor (a pending token). */
export type LoginOutcome =
  | { done: true; user: SessionUser; token: string }
  | { done: false; pendingToken: string };

const isActive = (user: UserRow): boolean =>
  user.status === UserStatus.enabled && user.deleted_at === null;

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** Checks the password, then starts a session or, when the account has a second factor, a
   * pending sign-in. Every failure gives the same message. */
  async login(input: LoginRequest, meta: SessionMeta): Promise<LoginOutcome> {
    const { db, options, sessions, twoFactor } = this.deps;
    if (!options.getBool('PasswordLoginEnabled')) throw refuse('auth.passwordLoginDisabled');
    const user = await findUserByLogin(db, input.username);
    // Without a user, still spend a bcrypt compare so timing does not reveal which names exist.
    // An account made by an OAuth sign-up has no password (''): it never signs in with one.
    const passwordOk = user?.password
      ? await verifyPassword(input.password, user.password)
      : await burnPasswordCheck(input.password);
    if (!user || !passwordOk || !isActive(user)) throw refuse('auth.loginFailed');
    if (await twoFactor.isEnabled(user.id)) {
      return { done: false, pendingToken: await twoFactor.startPending(user.id) };
    }
    return { done: true, user: toSessionUser(user), token: await sessions.create(user.id, meta) };
  }

  /** Finishes a pending sign-in with a code or a recovery code. */
  async finishSecondFactor(
    pendingToken: string | undefined,
    input: SecondFactorInput,
    meta: SessionMeta,
  ): Promise<{ user: SessionUser; token: string }> {
    const { db, sessions, twoFactor } = this.deps;
    const userId = await twoFactor.finishPending(pendingToken, input);
    const user = await findUserById(db, userId);
    if (!user || !isActive(user)) throw refuse('auth.loginFailed');
    return { user: toSessionUser(user), token: await sessions.create(user.id, meta) };
  }

  /**
   * Signs in an account that was just registered: its e-mail (when required) was verified in the
   * registration itself, so nothing is pending and the password need not be typed again.
   */
  async signInRegistered(userId: number): Promise<{ user: SessionUser; token: string }> {
    const { db, sessions } = this.deps;
    const user = await findUserById(db, userId);
    if (!user) throw new Error(`user ${userId} was registered but cannot be read`);
    return { user: toSessionUser(user), token: await sessions.create(user.id) };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.deps.sessions.destroy(token);
  }
}
