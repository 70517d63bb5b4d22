// Limiter scenarios shared by the local and the Redis test files: a real database, a moved clock.
import type { TokenWindowPeriod } from '@switchyard/contracts';
import type { Db } from '../../src/db/database';
import type { LimitStore } from '../../src/modules/limits/limit-store';
import { LimitsService } from '../../src/modules/limits/limits.service';
import type { TokenLimits } from '../../src/modules/limits/window.repository';
import { OptionsStore } from '../../src/modules/options/options.store';
import { createUser } from './factories';
import { createToken } from './relay-fixtures';

export interface LimitsHarness {
  limits: LimitsService;
  options: OptionsStore;
  clock: { ms: number };
  newToken(
    limits: Partial<Omit<TokenLimits, 'id'>>,
  ): Promise<{ token: TokenLimits; userId: number }>;
}

export async function limitsHarness(
  db: Db,
  store: LimitStore,
  startMs: number,
): Promise<LimitsHarness> {
  const options = new OptionsStore(db);
  await options.load();
  const clock = { ms: startMs };
  const limits = new LimitsService({ db, store, options, nowMs: () => clock.ms });
  return {
    limits,
    options,
    clock,
    async newToken(fields) {
      const user = await createUser(db);
      const created = await createToken(db, user.id);
      const token: TokenLimits = {
        id: created.id,
        rpm_limit: 0,
        tpm_limit: 0,
        concurrency_limit: 0,
        window_period: '' as TokenWindowPeriod,
        window_quota: 0,
        ...fields,
      };
      await db
        .updateTable('tokens')
        .set({
          rpm_limit: token.rpm_limit,
          tpm_limit: token.tpm_limit,
          concurrency_limit: token.concurrency_limit,
          window_period: token.window_period,
          window_quota: token.window_quota,
        })
        .where('id', '=', token.id)
        .execute();
      return { token, userId: user.id };
    },
  };
}

/** Fires `count` admissions at once; returns how many were admitted (leases kept open). */
export async function admitAtOnce(
  harness: LimitsHarness,
  token: TokenLimits,
  userId: number,
  count: number,
  extra: { estimatedTokens?: number; estimatedQuota?: number; group?: string } = {},
) {
  const results = await Promise.all(
    Array.from({ length: count }, () =>
      harness.limits.admit({
        token,
        userId,
        group: extra.group ?? 'default',
        estimatedTokens: extra.estimatedTokens ?? 10,
        estimatedQuota: extra.estimatedQuota ?? 0,
      }),
    ),
  );
  return {
    admitted: results.filter((result) => result.admitted).length,
    results,
  };
}

/**
 * Waits, when less than `spanMs` of the current clock minute is left, for the next one: rpm
 * windows are aligned to minutes, so a burst that crosses a minute's end meets two windows (twice
 * the limit, as designed). Tests on the real clock call this before a burst they count.
 */
export async function awayFromMinuteEdge(spanMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < spanMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
