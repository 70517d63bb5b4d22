// The signed-in user's own account: read, update, cancel, and the system access token.
import { isRoot, type SelfUser, type UpdateSelfRequest } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { UserRow, UserUpdate } from '../../db/schema';
import type { MessageKey } from '../../i18n';
import type { Clock } from '../../lib/clock';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto';
import { refuse, unauthorized } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import type { OptionsStore } from '../options/options.store';
import { deleteUserSessions } from '../sessions/sessions.repository';
import type { SessionService } from '../sessions/sessions.service';
import { generateAffCode } from './aff-code';
import { quotaText } from './quota-text';
import { assertUsernameAllowed, assertUsernameFree } from './username-rules';
import { toSelfUser } from './users.mapper';
import { findUserById, listGroupModels, transferAffQuota, updateUser } from './users.repository';

export interface SelfDeps {
  db: Db;
  sessions: SessionService;
  clock: Clock;
  options: OptionsStore;
}

export class SelfService {
  constructor(private readonly deps: SelfDeps) {}

  async get(identity: Identity): Promise<SelfUser> {
    return toSelfUser(await this.load(identity));
  }

  /** Applies the changes; returns the message key to show. A new password needs the current one
   * (unless the account has none: an OAuth sign-up), and revokes the access token and every other
   * session, so a stolen session cannot make itself permanent. */
  async update(identity: Identity, input: UpdateSelfRequest): Promise<MessageKey> {
    const { db, sessions } = this.deps;
    const user = await this.load(identity);
    const patch: UserUpdate = {};
    if (input.display_name !== undefined) patch.display_name = input.display_name || user.username;
    if (input.username !== undefined && input.username !== user.username) {
      assertUsernameAllowed(input.username);
      await assertUsernameFree(db, input.username, user.id);
      patch.username = input.username;
    }
    const newPassword = input.password ? input.password : undefined;
    if (newPassword) {
      if (user.password !== '') {
        if (!input.original_password) throw refuse('user.originalPasswordRequired');
        if (!(await verifyPassword(input.original_password, user.password))) {
          throw refuse('user.wrongOriginalPassword');
        }
      }
      patch.password = await hashPassword(newPassword);
      patch.access_token = null;
    }
    if (Object.keys(patch).length === 0) return 'user.updated';
    try {
      await updateUser(db, user.id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('user.usernameTaken');
      throw error;
    }
    if (!newPassword) return 'user.updated';
    await sessions.destroyAllForUser(user.id, identity.sessionId);
    return 'user.passwordChanged';
  }

  /** Soft-deletes (cancels) the account and ends all its sessions, in one transaction. */
  async cancel(identity: Identity): Promise<void> {
    const user = await this.load(identity);
    if (isRoot(user.role)) throw refuse('user.rootCannotDelete');
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { deleted_at: now, access_token: null });
      await deleteUserSessions(trx, user.id);
    });
  }

  /** Makes a new system access token; only its hash is kept, so it is shown this once. */
  async generateAccessToken(identity: Identity): Promise<string> {
    const user = await this.load(identity);
    const token = randomToken(32);
    await updateUser(this.deps.db, user.id, { access_token: sha256Hex(token) });
    return token;
  }

  /** The invitation code, made on first request for accounts that have none. */
  async affCode(identity: Identity): Promise<string> {
    const user = await this.load(identity);
    if (user.aff_code) return user.aff_code;
    const code = await generateAffCode(this.deps.db);
    await updateUser(this.deps.db, user.id, { aff_code: code });
    return code;
  }

  /** Moves affiliate quota to the balance: at least one quota unit, never more than there is. */
  async transferAffQuota(identity: Identity, amount: number): Promise<void> {
    const { options, db } = this.deps;
    const minimum = options.getNumber('QuotaPerUnit');
    if (amount < minimum) {
      throw refuse('aff.transferTooSmall', { min: quotaText(options, minimum) });
    }
    if (!(await transferAffQuota(db, identity.userId, amount))) throw refuse('aff.insufficient');
  }

  /** Models the caller's group may use (enabled abilities). */
  async models(identity: Identity): Promise<string[]> {
    const user = await this.load(identity);
    return listGroupModels(this.deps.db, user.group);
  }

  private async load(identity: Identity): Promise<UserRow> {
    const user = await findUserById(this.deps.db, identity.userId);
    if (!user) throw unauthorized();
    return user;
  }
}
