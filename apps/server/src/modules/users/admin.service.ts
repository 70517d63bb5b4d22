// User administration (admin): list, search, read, create, edit and the manage actions, with the
// role hierarchy enforced here: an admin acts only on lower roles, root is never disabled or
// cancelled, only root promotes. Every change of quota, status or role writes a type 3 log.
import {
  type AdminUser,
  type CreateUserRequest,
  isRoot,
  LogType,
  type ManageAction,
  type ManageUserReply,
  Role,
  type UpdateUserRequest,
  type UserPage,
  type UserSearchQuery,
  UserStatus,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { UserRow, UserUpdate } from '../../db/schema';
import type { MessageKey } from '../../i18n';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import { deleteUserSessions } from '../sessions/sessions.repository';
import { deleteTwoFactor } from '../sessions/two-factor.repository';
import { newUserRow } from './new-user';
import { quotaText } from './quota-text';
import { assertUsernameAllowed, assertUsernameFree } from './username-rules';
import { toSelfUser } from './users.mapper';
import {
  addUserQuota,
  findUserById,
  findUserByUsername,
  insertUser,
  listUsers,
  type UserListFilter,
  updateUser,
  updateUserIf,
} from './users.repository';

export interface UsersAdminDeps {
  db: Db;
  options: OptionsStore;
  clock: Clock;
}

export const toAdminUser = (row: UserRow): AdminUser => ({
  ...toSelfUser(row),
  deleted_at: row.deleted_at,
  created_at: row.created_at,
});

/** May the caller act on the target at all? Root may act on anyone; others only on lower roles. */
const outranks = (caller: Identity, target: UserRow): boolean =>
  isRoot(caller.role) || caller.role > target.role;

/** What each manage action changes, and the admin log line it writes. */
const ACTION_EFFECT: Record<
  Exclude<ManageAction, 'reset_2fa'>,
  { patch: (now: number) => UserUpdate; log?: MessageKey }
> = {
  promote: { patch: () => ({ role: Role.admin }), log: 'log.adminPromoted' },
  demote: { patch: () => ({ role: Role.common }), log: 'log.adminDemoted' },
  // A disabled account's access token dies with it: enabling it again does not revive a token
  // someone else may have minted.
  disable: {
    patch: () => ({ status: UserStatus.disabled, access_token: null }),
    log: 'log.adminDisabled',
  },
  enable: { patch: () => ({ status: UserStatus.enabled }), log: 'log.adminEnabled' },
  delete: {
    patch: (now) => ({ deleted_at: now, access_token: null }),
    log: 'log.adminCancelled',
  },
};

export class UsersAdminService {
  constructor(private readonly deps: UsersAdminDeps) {}

  async list(query: UserSearchQuery & Pick<UserListFilter, 'visibleTo'>): Promise<UserPage> {
    const offset = (query.p - 1) * query.page_size;
    const { rows, total } = await listUsers(this.deps.db, query, offset, query.page_size);
    return { items: rows.map(toAdminUser), total, page: query.p, page_size: query.page_size };
  }

  async get(caller: Identity, id: number): Promise<AdminUser> {
    const user = await this.load(id);
    if (user.id !== caller.userId && !outranks(caller, user)) {
      throw refuse('admin.cannotTouchEqualOrHigher');
    }
    return toAdminUser(user);
  }

  async create(input: CreateUserRequest, actor: AuditActor): Promise<void> {
    const { db, clock, options } = this.deps;
    assertUsernameAllowed(input.username);
    const passwordHash = await hashPassword(input.password);
    try {
      await db.transaction().execute(async (trx) => {
        await assertUsernameFree(trx, input.username);
        const row = await newUserRow(trx, {
          username: input.username,
          passwordHash,
          displayName: input.display_name,
          quota: options.getInt('QuotaForNewUser'),
          now: clock.now(),
        });
        const id = await insertUser(trx, row);
        await recordAudit(trx, actor, {
          action: 'user.create',
          target_type: 'user',
          target_id: id,
          summary: { username: input.username },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('user.usernameTaken');
      throw error;
    }
  }

  /** Edits another user: names, password, group, quota (the difference is applied atomically). */
  async update(caller: Identity, input: UpdateUserRequest, actor: AuditActor): Promise<void> {
    const { db } = this.deps;
    const user = await this.load(input.id);
    if (user.id === caller.userId) throw refuse('admin.useSelfEndpoint');
    if (!outranks(caller, user)) throw refuse('admin.cannotTouchEqualOrHigher');
    const patch: UserUpdate = {};
    if (input.username !== undefined && input.username !== user.username) {
      assertUsernameAllowed(input.username);
      await assertUsernameFree(db, input.username, user.id);
      patch.username = input.username;
    }
    if (input.display_name !== undefined) patch.display_name = input.display_name || user.username;
    if (input.group !== undefined) patch.group = input.group;
    if (input.password) {
      // A new password ends every way in the old one opened: sessions and the access token.
      patch.password = await hashPassword(input.password);
      patch.access_token = null;
    }
    const delta = input.quota === undefined ? 0 : input.quota - user.quota;
    try {
      await db.transaction().execute(async (trx) => {
        if (Object.keys(patch).length > 0) await updateUser(trx, user.id, patch);
        if (patch.password) await deleteUserSessions(trx, user.id);
        await recordAudit(trx, actor, {
          action: 'user.update',
          target_type: 'user',
          target_id: user.id,
          // Which fields changed; a new password only as "changed".
          summary: {
            username: user.username,
            fields: Object.keys(patch),
            ...(delta === 0 ? {} : { quota: { old: user.quota, new: user.quota + delta } }),
          },
        });
        if (delta === 0) return;
        await addUserQuota(trx, user.id, delta);
        const content = logContent('log.adminQuota', {
          admin: caller.username,
          username: user.username,
          from: quotaText(this.deps.options, user.quota),
          to: quotaText(this.deps.options, user.quota + delta),
        });
        await insertLogs(trx, [this.adminLog(user, content)]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('user.usernameTaken');
      throw error;
    }
  }

  async manage(
    caller: Identity,
    username: string,
    action: ManageAction,
    actor: AuditActor,
  ): Promise<ManageUserReply> {
    const { db, clock } = this.deps;
    const user = await findUserByUsername(db, username);
    if (!user) throw refuse('user.notFound');
    if (user.deleted_at !== null) throw refuse('admin.userCancelled');
    this.checkAction(caller, user, action);
    const audit = (trx: Db) =>
      recordAudit(trx, actor, {
        action: `user.manage.${action}`,
        target_type: 'user',
        target_id: user.id,
        summary: { username: user.username, action },
      });
    if (action === 'reset_2fa') return this.resetTwoFactor(caller, user, audit);
    const effect = ACTION_EFFECT[action];
    const patch = effect.patch(clock.now());
    await db.transaction().execute(async (trx) => {
      // Guarded by the role and status we checked, so a concurrent change cannot be overridden.
      const changed = await updateUserIf(trx, user.id, user, patch);
      if (!changed) throw refuse('admin.changedMeanwhile');
      if (action === 'disable' || action === 'delete') await deleteUserSessions(trx, user.id);
      await audit(trx);
      if (effect.log) {
        const content = logContent(effect.log, {
          admin: caller.username,
          username: user.username,
        });
        await insertLogs(trx, [this.adminLog(user, content)]);
      }
    });
    return { role: patch.role ?? user.role, status: patch.status ?? user.status };
  }

  /** Removes a user's second factor (a lost phone): the password alone signs in again. */
  private async resetTwoFactor(
    caller: Identity,
    user: UserRow,
    audit: (trx: Db) => Promise<void>,
  ): Promise<ManageUserReply> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await deleteTwoFactor(trx, user.id))) throw refuse('twoFactor.notEnabled');
      await audit(trx);
      const content = logContent('log.adminTwoFactorReset', {
        admin: caller.username,
        username: user.username,
      });
      await insertLogs(trx, [this.adminLog(user, content)]);
    });
    return { role: user.role, status: user.status };
  }

  private checkAction(caller: Identity, user: UserRow, action: ManageAction): void {
    if ((action === 'disable' || action === 'delete') && isRoot(user.role)) {
      throw refuse('admin.rootProtected');
    }
    if (action === 'demote' && isRoot(user.role)) throw refuse('admin.cannotDemoteRoot');
    if (action === 'promote' && !isRoot(caller.role)) throw refuse('admin.onlyRootPromotes');
    if (!outranks(caller, user)) throw refuse('admin.cannotTouchEqualOrHigher');
    if (action === 'promote' && user.role >= Role.admin) throw refuse('admin.alreadyAdmin');
    if (action === 'demote' && user.role < Role.admin) throw refuse('admin.alreadyCommon');
  }

  private adminLog(user: UserRow, content: string) {
    return {
      user_id: user.id,
      username: user.username,
      created_at: this.deps.clock.now(),
      type: LogType.manage,
      content,
    };
  }

  private async load(id: number): Promise<UserRow> {
    const user = await findUserById(this.deps.db, id);
    if (!user) throw refuse('user.notFound');
    return user;
  }
}
