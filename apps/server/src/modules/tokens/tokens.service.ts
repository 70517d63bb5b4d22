// The signed-in user's API tokens: list, search, create, edit, enable/disable, delete.
import {
  type CreateTokenRequest,
  effectiveTokenStatus,
  type Page,
  type PageQuery,
  TOKEN_KEY_PREFIX,
  TokenStatus,
  type TokenStatusRequest,
  type TokenView,
  type UpdateTokenRequest,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../sessions/sessions.service';
import { generateTokenKey } from './token-key';
import {
  findOwnToken,
  insertToken,
  listTokens,
  searchTokens,
  type TokenRow,
  updateOwnToken,
} from './tokens.repository';

const KEY_ATTEMPTS = 3;

export class TokensService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private view(row: TokenRow): TokenView {
    const unlimited = row.unlimited_quota === 1;
    return {
      id: row.id,
      name: row.name,
      key: row.key,
      status: effectiveTokenStatus({ ...row, unlimited_quota: unlimited }, this.clock.now()),
      used_quota: row.used_quota,
      // An unlimited token is still charged against its counter (as the reference does), which
      // then runs below zero; it is shown as unlimited, never as a negative balance.
      remain_quota: unlimited ? Math.max(0, row.remain_quota) : row.remain_quota,
      unlimited_quota: unlimited,
      model_limits_enabled: row.model_limits_enabled === 1,
      model_limits: row.model_limits,
      created_time: row.created_time,
      accessed_time: row.accessed_time,
      expired_time: row.expired_time,
    };
  }

  async list(identity: Identity, page: PageQuery): Promise<Page<TokenView>> {
    const { rows, total } = await listTokens(
      this.db,
      identity.userId,
      page.p * page.size,
      page.size,
    );
    return { items: rows.map((row) => this.view(row)), total, page: page.p, page_size: page.size };
  }

  /** Searches by name keyword and key fragment; an `sk-` the user pasted is ignored. */
  async search(identity: Identity, keyword: string, key: string): Promise<TokenView[]> {
    const fragment = key.startsWith(TOKEN_KEY_PREFIX) ? key.slice(TOKEN_KEY_PREFIX.length) : key;
    const rows = await searchTokens(this.db, identity.userId, keyword, fragment);
    return rows.map((row) => this.view(row));
  }

  async get(identity: Identity, id: number): Promise<TokenView> {
    return this.view(await this.load(identity, id));
  }

  async create(identity: Identity, input: CreateTokenRequest): Promise<void> {
    const now = this.clock.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        await insertToken(this.db, {
          user_id: identity.userId,
          key: generateTokenKey(),
          status: TokenStatus.enabled,
          name: input.name,
          created_time: now,
          accessed_time: now,
          expired_time: input.expired_time,
          remain_quota: input.remain_quota,
          unlimited_quota: input.unlimited_quota ? 1 : 0,
          model_limits_enabled: input.model_limits_enabled ? 1 : 0,
          model_limits: input.model_limits,
          used_quota: 0,
          deleted_at: null,
        });
        return;
      } catch (error) {
        // A 48-character collision is practically impossible; retry rather than fail if it happens.
        if (!isUniqueViolation(error) || attempt >= KEY_ATTEMPTS) throw error;
      }
    }
  }

  async update(identity: Identity, input: UpdateTokenRequest): Promise<TokenView> {
    const token = await this.load(identity, input.id);
    const next = {
      ...token,
      expired_time: input.expired_time,
      remain_quota: input.remain_quota,
      unlimited_quota: input.unlimited_quota ? 1 : 0,
    };
    // An expired or exhausted token whose new limits make it usable again becomes enabled.
    const status = this.revivedStatus(next);
    await updateOwnToken(this.db, identity.userId, token.id, {
      name: input.name,
      expired_time: input.expired_time,
      remain_quota: input.remain_quota,
      unlimited_quota: next.unlimited_quota,
      model_limits_enabled: input.model_limits_enabled ? 1 : 0,
      model_limits: input.model_limits,
      status,
    });
    return this.get(identity, token.id);
  }

  /** Enables or disables; enabling a token that is past its expiry or out of quota is refused. */
  async setStatus(identity: Identity, input: TokenStatusRequest): Promise<TokenView> {
    const token = await this.load(identity, input.id);
    if (input.status === TokenStatus.enabled) {
      const status = effectiveTokenStatus(
        { ...token, status: TokenStatus.enabled, unlimited_quota: token.unlimited_quota === 1 },
        this.clock.now(),
      );
      if (status === TokenStatus.expired) throw refuse('token.expiredCannotEnable');
      if (status === TokenStatus.exhausted) throw refuse('token.exhaustedCannotEnable');
    }
    await updateOwnToken(this.db, identity.userId, token.id, { status: input.status });
    return this.get(identity, token.id);
  }

  async delete(identity: Identity, id: number): Promise<void> {
    const deleted = await updateOwnToken(this.db, identity.userId, id, {
      deleted_at: this.clock.now(),
    });
    if (!deleted) throw refuse('token.notFound');
  }

  private revivedStatus(token: TokenRow): number {
    if (token.status !== TokenStatus.expired && token.status !== TokenStatus.exhausted) {
      return token.status;
    }
    const status = effectiveTokenStatus(
      { ...token, status: TokenStatus.enabled, unlimited_quota: token.unlimited_quota === 1 },
      this.clock.now(),
    );
    return status === TokenStatus.enabled ? TokenStatus.enabled : token.status;
  }

  private async load(identity: Identity, id: number): Promise<TokenRow> {
    const token = await findOwnToken(this.db, identity.userId, id);
    if (!token) throw refuse('token.notFound');
    return token;
  }
}
