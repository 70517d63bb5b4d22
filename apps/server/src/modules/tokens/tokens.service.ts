// The signed-in user's API tokens: list, search, create, edit, enable/disable, delete.
import {
  type CreateTokenRequest,
  effectiveTokenStatus,
  type Page,
  type PageQuery,
  TOKEN_KEY_PREFIX,
  TOKEN_WINDOW_PERIODS,
  TokenStatus,
  type TokenStatusRequest,
  type TokenView,
  type TokenWindowPeriod,
  type UpdateTokenRequest,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { windowResetsAt } from '../limits/window-rules';
import { isOrgMember } from '../orgs/orgs.repository';
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
    /** Timezone of the calendar quota windows (option QuotaWindowTimezone). */
    private readonly windowTimeZone: () => string = () => 'UTC',
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
      org_id: Number(row.org_id ?? 0),
      ...this.limitsView(row),
    };
  }

  private limitsView(row: TokenRow) {
    const period = (TOKEN_WINDOW_PERIODS as readonly string[]).includes(row.window_period)
      ? (row.window_period as TokenWindowPeriod)
      : '';
    const resetsAt =
      row.window_quota > 0
        ? windowResetsAt(
            period,
            Number(row.window_started_at),
            this.clock.now(),
            this.windowTimeZone(),
          )
        : 0;
    return {
      rpm_limit: Number(row.rpm_limit),
      tpm_limit: Number(row.tpm_limit),
      concurrency_limit: Number(row.concurrency_limit),
      window_period: period,
      window_quota: Number(row.window_quota),
      // A window that is over has nothing spent in it any more.
      window_used: resetsAt > 0 ? Number(row.window_used) : 0,
      window_resets_at: resetsAt,
      plan_only: Number(row.plan_only) === 1,
    };
  }

  private limitFields(input: CreateTokenRequest) {
    return {
      rpm_limit: input.rpm_limit,
      tpm_limit: input.tpm_limit,
      concurrency_limit: input.concurrency_limit,
      window_period: input.window_period,
      window_quota: input.window_quota,
      plan_only: input.plan_only ? 1 : 0,
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

  /** Creates a token and returns it, so the console can show the new key with its quickstart. */
  async create(identity: Identity, input: CreateTokenRequest): Promise<TokenView> {
    const now = this.clock.now();
    // An org token (issue 32) is paid from the org's wallet: only its members may make one.
    const orgId = input.org_id ?? 0;
    if (orgId > 0 && !(await isOrgMember(this.db, orgId, identity.userId))) {
      throw refuse('org.notMember');
    }
    if (orgId > 0) refuseOrgOnlySettings(input);
    for (let attempt = 1; ; attempt += 1) {
      const key = generateTokenKey();
      let id: number;
      try {
        id = await insertToken(this.db, {
          user_id: identity.userId,
          key,
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
          org_id: orgId,
          ...this.limitFields(input),
        });
      } catch (error) {
        // A 48-character collision is practically impossible; retry rather than fail if it happens.
        if (!isUniqueViolation(error) || attempt >= KEY_ATTEMPTS) throw error;
        continue;
      }
      return this.view(await this.load(identity, id));
    }
  }

  async update(identity: Identity, input: UpdateTokenRequest): Promise<TokenView> {
    const token = await this.load(identity, input.id);
    if (Number(token.org_id ?? 0) > 0) refuseOrgOnlySettings(input);
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
      ...this.limitFields(input),
      // A new period starts a fresh window; the same period keeps what was spent in it.
      ...(input.window_period !== token.window_period
        ? { window_started_at: 0, window_used: 0 }
        : {}),
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

/**
 * An org token is funded by the org wallet within the member's cap (issue 32): a quota window of
 * its own or plan-only would be settings the ledger never applies, so they are refused, not kept.
 */
function refuseOrgOnlySettings(input: {
  window_period?: string | undefined;
  window_quota?: number | undefined;
  plan_only?: boolean | undefined;
}): void {
  if ((input.window_quota ?? 0) > 0 && (input.window_period ?? '') !== '') {
    throw refuse('org.tokenWindow');
  }
  if (input.plan_only === true) throw refuse('org.tokenPlanOnly');
}
