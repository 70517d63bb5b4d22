// Third-party sign-in and binding: GitHub OAuth, any OpenID Connect provider, WeChat verification
// codes, Telegram widget.
// Signing in with an unknown external account creates a user when registration is open.
import {
  LogType,
  renderQuota,
  type SessionUser,
  type TelegramLogin,
  UserStatus,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { MessageKey } from '../../i18n';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { randomCode } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { insertLogs } from '../logs/logs.repository';
import type { OptionsStore } from '../options/options.store';
import type { SessionService } from '../sessions/sessions.service';
import type { TwoFactorService } from '../sessions/two-factor.service';
import { newUserRow } from '../users/new-user';
import { toSessionUser } from '../users/users.mapper';
import {
  type ExternalIdColumn,
  findUserByExternalId,
  findUserById,
  insertUser,
  updateUser,
} from '../users/users.repository';
import { fetchGitHubUser } from './github.client';
import type { OidcAccount } from './oidc.client';
import { isTelegramLoginValid } from './telegram';
import { fetchWeChatId } from './wechat.client';

export interface OAuthDeps {
  db: Db;
  options: OptionsStore;
  sessions: SessionService;
  clock: Clock;
  githubOAuthUrl: string;
  githubApiUrl: string;
  twoFactor: TwoFactorService;
}

/** A provider's sign-in: a session, or (the account has a second factor) a pending sign-in the
 * code finishes at POST /api/user/login/2fa, as after a password. */
export type SignedIn = { user: SessionUser; token: string } | { pendingToken: string };

interface Provider {
  column: ExternalIdColumn;
  /** Username prefix of accounts created by signing in (plus 5 random characters: 12 at most). */
  prefix: string;
  /** Whether an unknown account may sign up by signing in. */
  registers: boolean;
  taken: MessageKey;
}

const PROVIDERS = {
  github: { column: 'github_id', prefix: 'github_', registers: true, taken: 'oauth.githubTaken' },
  wechat: { column: 'wechat_id', prefix: 'wechat_', registers: true, taken: 'oauth.wechatTaken' },
  oidc: { column: 'oidc_id', prefix: 'oidc_', registers: true, taken: 'oauth.oidcTaken' },
  telegram: {
    column: 'telegram_id',
    prefix: 'tg_',
    registers: false,
    taken: 'oauth.telegramTaken',
  },
} as const satisfies Record<string, Provider>;

const NEW_USERNAME_ATTEMPTS = 3;

export class OAuthService {
  constructor(private readonly deps: OAuthDeps) {}

  /** Signs in (identity null) or binds (signed in) with a GitHub authorization code. */
  async github(code: string, identity: Identity | null): Promise<SignedIn | 'bound'> {
    const { options } = this.deps;
    if (!options.getBool('GitHubOAuthEnabled')) throw refuse('oauth.githubDisabled');
    const user = await fetchGitHubUser(
      {
        oauthUrl: this.deps.githubOAuthUrl,
        apiUrl: this.deps.githubApiUrl,
        clientId: options.getString('GitHubClientId'),
        clientSecret: options.get('GitHubClientSecret'),
      },
      code,
    ).catch(() => null);
    if (!user) throw refuse('oauth.githubFailed');
    if (identity) {
      await this.bind(PROVIDERS.github, identity, user.id);
      return 'bound';
    }
    return this.signIn(PROVIDERS.github, user.id, user.name || user.login);
  }

  async wechat(code: string, identity: Identity | null): Promise<SignedIn | 'bound'> {
    const { options } = this.deps;
    if (!options.getBool('WeChatAuthEnabled')) throw refuse('oauth.wechatDisabled');
    const wechatId = await fetchWeChatId(
      options.getString('WeChatServerAddress'),
      options.get('WeChatServerToken'),
      code,
    ).catch(() => null);
    if (!wechatId) throw refuse('oauth.wechatFailed');
    if (identity) {
      await this.bind(PROVIDERS.wechat, identity, wechatId);
      return 'bound';
    }
    return this.signIn(PROVIDERS.wechat, wechatId, '');
  }

  async telegram(data: TelegramLogin, identity: Identity | null): Promise<SignedIn | 'bound'> {
    const { options, clock } = this.deps;
    if (!options.getBool('TelegramOAuthEnabled')) throw refuse('oauth.telegramDisabled');
    if (!isTelegramLoginValid(options.get('TelegramBotToken'), data, clock.now())) {
      throw refuse('oauth.telegramInvalid');
    }
    if (identity) {
      await this.bind(PROVIDERS.telegram, identity, data.id);
      return 'bound';
    }
    return this.signIn(PROVIDERS.telegram, data.id, data.username ?? data.first_name ?? '');
  }

  /** Signs in (identity null) or binds with an OpenID Connect account whose id_token passed. */
  async oidc(account: OidcAccount, identity: Identity | null): Promise<SignedIn | 'bound'> {
    if (identity) {
      await this.bind(PROVIDERS.oidc, identity, account.subject);
      return 'bound';
    }
    return this.signIn(PROVIDERS.oidc, account.subject, account.name);
  }

  /** Removes the OpenID Connect binding; an account without a password keeps it (its only way
   * to sign in). */
  async unbindOidc(identity: Identity): Promise<void> {
    const user = await findUserById(this.deps.db, identity.userId);
    if (!user) throw refuse('user.notFound');
    if (user.password === '') throw refuse('oauth.oidcOnlySignIn');
    await updateUser(this.deps.db, user.id, { oidc_id: null });
  }

  private async bind(provider: Provider, identity: Identity, externalId: string): Promise<void> {
    const { db } = this.deps;
    const owner = await findUserByExternalId(db, provider.column, externalId);
    if (owner && owner.id !== identity.userId) throw refuse(provider.taken);
    try {
      await updateUser(db, identity.userId, { [provider.column]: externalId });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(provider.taken);
      throw error;
    }
  }

  private async signIn(
    provider: Provider,
    externalId: string,
    displayName: string,
  ): Promise<SignedIn> {
    const { db, sessions } = this.deps;
    const existing = await findUserByExternalId(db, provider.column, externalId);
    if (existing) {
      if (existing.status !== UserStatus.enabled || existing.deleted_at !== null) {
        throw refuse('oauth.userDisabled');
      }
      // A provider does not stand in for the account's own second factor.
      if (await this.deps.twoFactor.isEnabled(existing.id)) {
        return { pendingToken: await this.deps.twoFactor.startPending(existing.id) };
      }
      return { user: toSessionUser(existing), token: await sessions.create(existing.id) };
    }
    if (!provider.registers) throw refuse('oauth.notBound');
    const created = await this.register(provider, externalId, displayName);
    return { user: toSessionUser(created), token: await sessions.create(created.id) };
  }

  private async register(provider: Provider, externalId: string, displayName: string) {
    const { db, options, clock } = this.deps;
    if (!options.getBool('RegisterEnabled')) throw refuse('auth.registerDisabled');
    // No password (''): the account signs in through the provider, and may set a password later
    // without a current one (or get one by a reset).
    const passwordHash = '';
    for (let attempt = 1; ; attempt += 1) {
      const row = await newUserRow(db, {
        username: `${provider.prefix}${randomCode(5)}`,
        passwordHash,
        displayName: displayName.slice(0, 20),
        quota: options.getInt('QuotaForNewUser'),
        now: clock.now(),
        external: { [provider.column]: externalId },
      });
      try {
        const created = await findUserById(db, await insertUser(db, row));
        if (!created) throw new Error('the new user disappeared');
        await this.logNewUserGift(created.id, created.username, row.quota ?? 0);
        return created;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same external account signing up twice at once: the other request won.
        if (await findUserByExternalId(db, provider.column, externalId)) {
          throw refuse(provider.taken);
        }
        if (attempt >= NEW_USERNAME_ATTEMPTS) throw error;
      }
    }
  }

  /** The sign-up gift's system log, as password registration writes it (in the console's first
   * language: a provider callback carries no language of the user's). */
  private async logNewUserGift(userId: number, username: string, quota: number): Promise<void> {
    if (quota <= 0) return;
    const { db, options, clock } = this.deps;
    const display = {
      displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.getNumber('QuotaPerUnit'),
    };
    await insertLogs(db, [
      {
        user_id: userId,
        username,
        created_at: clock.now(),
        type: LogType.system,
        content: logContent('log.newUserGift', { quota: renderQuota(quota, display) }),
      },
    ]);
  }
}
