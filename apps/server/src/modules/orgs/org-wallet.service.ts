// The org wallet outside the relay (issue 32): owners and admins move quota in from their own
// wallet or redeem a code into it, each movement a top-up line (type 1) in the org's log; and the
// org's logs and dashboard data, all of them for owners and admins, a member's own for a member.
import type { Readable } from 'node:stream';
import {
  type Language,
  type LogStat,
  LogType,
  type OrgLogListQuery,
  type OrgLogStatQuery,
  orgFunding,
  type PagedList,
  renderQuota,
  type SelfLogEntry,
  type TokenCacheBucket,
  type TokenCacheQuery,
  type UsageBucket,
  type UsageDataQuery,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { logContent } from '../../i18n/log-content';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import type { AuditActor } from '../audit/audit.writer';
import type { UsageDataService } from '../data/data.service';
import { insertLogs } from '../logs/logs.repository';
import type { LogsService } from '../logs/logs.service';
import type { OptionsStore } from '../options/options.store';
import { claimRedemption, findRedemptionByKey } from '../redemptions/redemptions.repository';
import { quotaDisplay } from '../topup/order-credit';
import { addOrgQuota, orgQuota, takeUserQuota } from './orgs.repository';
import { type OrgAccess, recordOrgAudit } from './orgs.service';

export interface OrgWalletDeps {
  db: Db;
  clock: Clock;
  options: OptionsStore;
  logs: LogsService;
  data: UsageDataService;
}

export class OrgWalletService {
  constructor(private readonly deps: OrgWalletDeps) {}

  /** Moves quota from the caller's wallet into the org's (audited); replies with the org's balance. */
  async fund(
    identity: Identity,
    access: OrgAccess,
    quota: number,
    actor: AuditActor,
  ): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const shown = renderQuota(quota, quotaDisplay(this.deps.options));
    const content = logContent('log.orgFunded', {
      username: identity.username,
      quota: shown,
    });
    return retryOnDeadlock(() =>
      db.transaction().execute(async (trx) => {
        // The user before the org, as every writer of both.
        if (!(await takeUserQuota(trx, identity.userId, quota))) throw refuse('org.userQuotaShort');
        if (!(await addOrgQuota(trx, access.org.id, quota))) throw refuse('org.notFound');
        await insertLogs(trx, [
          this.topUp(identity, access, now, quota, content),
          // The user's own log shows where the quota went.
          {
            user_id: identity.userId,
            username: identity.username,
            created_at: now,
            type: LogType.manage,
            content,
            quota,
            funding: 'wallet',
          },
        ]);
        await recordOrgAudit(trx, actor, access.org.id, 'org.fund', { quota });
        return orgQuota(trx, access.org.id);
      }),
    );
  }

  /**
   * Redeems a code into the org's wallet; racing redeems of one code: exactly one wins. Audited by
   * the code's id, never its key.
   */
  async redeem(
    identity: Identity,
    access: OrgAccess,
    key: string,
    actor: AuditActor,
  ): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return retryOnDeadlock(() =>
      db.transaction().execute(async (trx) => {
        if (!(await claimRedemption(trx, key, identity.userId, now)))
          throw refuse('redeem.invalid');
        const code = await findRedemptionByKey(trx, key);
        const quota = Number(code?.quota ?? 0);
        if (!(await addOrgQuota(trx, access.org.id, quota))) throw refuse('org.notFound');
        const content = logContent('log.orgRedeemed', {
          username: identity.username,
          quota: renderQuota(quota, quotaDisplay(this.deps.options)),
          id: code?.id ?? 0,
        });
        await insertLogs(trx, [this.topUp(identity, access, now, quota, content)]);
        await recordOrgAudit(trx, actor, access.org.id, 'org.redeem', {
          redemption_id: Number(code?.id ?? 0),
          quota,
        });
        return quota;
      }),
    );
  }

  private topUp(
    identity: Identity,
    access: OrgAccess,
    now: number,
    quota: number,
    content: string,
  ) {
    return {
      user_id: identity.userId,
      username: identity.username,
      created_at: now,
      type: LogType.topup,
      content,
      quota,
      funding: orgFunding(access.org.id),
    };
  }

  /** Whose lines a caller sees: owners, admins and site admins everyone's, a member their own. */
  private scope(identity: Identity, access: OrgAccess, userId: number | undefined) {
    const all = access.siteAdmin || access.role === 'owner' || access.role === 'admin';
    return all ? userId : identity.userId;
  }

  list(
    identity: Identity,
    access: OrgAccess,
    query: OrgLogListQuery,
    language: Language,
  ): Promise<PagedList<SelfLogEntry & { user_id: number }>> {
    const userId = this.scope(identity, access, query.user_id);
    return this.deps.logs.listFunded(orgFunding(access.org.id), userId, query, language);
  }

  stat(identity: Identity, access: OrgAccess, query: OrgLogStatQuery): Promise<LogStat> {
    const userId = this.scope(identity, access, query.user_id);
    return this.deps.logs.statFunded(orgFunding(access.org.id), userId, query);
  }

  /**
   * The dashboard's hourly buckets of what the org paid for, as /api/data/self shapes them; read
   * from the logs as they stand, so `folded_at` (all logs before it counted) is now.
   */
  async usage(
    identity: Identity,
    access: OrgAccess,
    query: Pick<UsageDataQuery, 'start_timestamp' | 'end_timestamp'>,
  ): Promise<{ buckets: UsageBucket[]; folded_at: number }> {
    const userId = this.scope(identity, access, undefined);
    const folded_at = this.deps.clock.now();
    return { buckets: await this.deps.data.forOrg(access.org.id, userId, query), folded_at };
  }

  /** The cache-hit chart's top tokens among the calls the org paid for, as usage() scopes them. */
  tokenCache(
    identity: Identity,
    access: OrgAccess,
    query: TokenCacheQuery,
  ): Promise<TokenCacheBucket[]> {
    const userId = this.scope(identity, access, undefined);
    return this.deps.data.tokenCacheForOrg(access.org.id, userId, query);
  }

  export(
    identity: Identity,
    access: OrgAccess,
    query: OrgLogStatQuery,
    language: Language,
  ): Readable {
    const userId = this.scope(identity, access, query.user_id);
    return this.deps.logs.exportFunded(orgFunding(access.org.id), userId, query, language);
  }
}
