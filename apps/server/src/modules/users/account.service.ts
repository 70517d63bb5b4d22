// Password sign-in and sign-out.
import { type LoginRequest, type SessionUser, UserStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { burnPasswordCheck, verifyPassword } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { OptionsStore } from '../options/options.store';
import type { SessionService } from '../sessions/sessions.service';
import { toSessionUser } from './users.mapper';
import { findUserById, findUserByLogin } from './users.repository';

export interface AccountDeps {
  db: Db;
  options: OptionsStore;
  sessions: SessionService;
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** Checks the password and starts a session. Every failure gives the same message. */
  async login(input: LoginRequest): Promise<{ user: SessionUser; token: string }> {
    const { db, options, sessions } = this.deps;
    if (!options.getBool('PasswordLoginEnabled')) throw refuse('auth.passwordLoginDisabled');
    const user = await findUserByLogin(db, input.username);
    // Without a user, still spend a bcrypt compare so timing does not reveal which names exist.
    // An account made by an OAuth sign-up has no password (''): it never signs in with one.
    const passwordOk = user?.password
      ? await verifyPassword(input.password, user.password)
      : await burnPasswordCheck(input.password);
    if (!user || !passwordOk || user.status !== UserStatus.enabled || user.deleted_at !== null) {
      throw refuse('auth.loginFailed');
    }
    const token = await sessions.create(user.id);
    return { user: toSessionUser(user), token };
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
