// The one admission API the relay calls: per-token rpm / tpm / concurrency, per-user group rpm /
// tpm (option GroupRateLimits) and the token's quota window. admit() answers a refusal (429 with
// headers and Retry-After) or a lease; the lease's settle() or release() ends the request.
import { randomUUID } from 'node:crypto';
import type { TokenWindowPeriod } from '@switchyard/contracts';
import type { GroupRateLimit } from '@switchyard/contracts/options';
import type { Db } from '../../db/database';
import type { OptionsStore } from '../options/options.store';
import {
  Lease,
  type LimitLease,
  MINUTE_MS,
  type WindowReservation,
  type WindowTerms,
} from './limit-lease';
import {
  type CounterCheck,
  type CounterState,
  type LimitStore,
  type SlotCheck,
  windowStart,
} from './limit-store';
import {
  type LimitKind,
  type LimitReading,
  LimitRefusal,
  rateLimitHeaders,
  tightest,
} from './rate-headers';
import { reserveWindow, type TokenLimits, windowState } from './window.repository';
import { windowCutoff, windowResetsAt } from './window-rules';

export type { LimitLease, WindowTerms } from './limit-lease';

/**
 * A concurrency slot is a short lease, renewed every third of it while its request runs: one whose
 * node died, or whose release Redis never got, stops holding the slot after this long.
 */
export const SLOT_TTL_MS = 30_000;

export interface AdmitInput {
  token: TokenLimits;
  userId: number;
  group: string;
  /** Prompt tokens + max_tokens (or the relay's pre-consumed estimate) for TPM. */
  estimatedTokens: number;
  /** The quota the relay reserves for the request, held in the token's window until settled. */
  estimatedQuota: number;
  /** Unix ms; the injected clock when absent. */
  nowMs?: number;
  /**
   * The caller holds the window in its own quota reservation (the relay: in the statement that
   * takes the token's balance, and settles it with the balances): admit() then only hands back
   * where the window starts over (`lease.window`) and reserves nothing in it.
   */
  reservesWindow?: boolean;
}

export type Admission =
  | { admitted: true; lease: LimitLease }
  | { admitted: false; refusal: LimitRefusal };

interface Check extends CounterCheck {
  kind: LimitKind;
  unit: 'requests' | 'tokens';
}

export interface LimitsDeps {
  db: Db;
  store: LimitStore;
  options: Pick<OptionsStore, 'get' | 'getJson'>;
  nowMs: () => number;
}

const UNLIMITED: Admission = {
  admitted: true,
  lease: { headers: {}, settle: async () => undefined, release: async () => undefined },
};

export class LimitsService {
  /** GroupRateLimits parsed once per value (it is read on every admission). */
  private groupRates: { raw: string; value: Record<string, GroupRateLimit> } | undefined;

  constructor(private readonly deps: LimitsDeps) {}

  /** The group's per-user limits from GroupRateLimits (none when the group is not listed). */
  groupLimits(group: string): GroupRateLimit {
    const raw = this.deps.options.get('GroupRateLimits');
    if (this.groupRates?.raw !== raw) {
      const value = this.deps.options.getJson<Record<string, GroupRateLimit>>('GroupRateLimits');
      this.groupRates = { raw, value };
    }
    const all = this.groupRates.value;
    return Object.hasOwn(all, group) ? (all[group] ?? {}) : {};
  }

  async admit(input: AdmitInput): Promise<Admission> {
    const nowMs = input.nowMs ?? this.deps.nowMs();
    const { token } = input;
    const tokens = Math.max(0, Math.ceil(input.estimatedTokens));
    const group = this.groupLimits(input.group);
    // (No per-request closures here: the bundle names each one it creates, a defineProperty.)
    const checks: Check[] = [];
    if (token.rpm_limit > 0) checks.push(check('rpm', `t:${token.id}:rpm`, token.rpm_limit, 1));
    if (token.tpm_limit > 0) {
      checks.push(check('tpm', `t:${token.id}:tpm`, token.tpm_limit, tokens));
    }
    if (group.rpm && group.rpm > 0) {
      checks.push(check('group_rpm', `u:${input.userId}:g:${input.group}:rpm`, group.rpm, 1));
    }
    if (group.tpm && group.tpm > 0) {
      checks.push(check('group_tpm', `u:${input.userId}:g:${input.group}:tpm`, group.tpm, tokens));
    }
    const slots: SlotCheck[] =
      token.concurrency_limit > 0
        ? [{ key: `t:${token.id}:conc`, limit: token.concurrency_limit, ttlMs: SLOT_TTL_MS }]
        : [];
    const windowed = token.window_period !== '' && token.window_quota > 0;
    // Most tokens carry no limit: they cost one object, no store call and no query.
    if (checks.length + slots.length === 0 && !windowed) return UNLIMITED;
    const leaseId = slots.length > 0 ? randomUUID() : '';

    const acquired =
      checks.length + slots.length > 0
        ? await this.deps.store.acquire({ counters: checks, slots, leaseId, nowMs })
        : { ok: true as const, counters: [] };
    const headers = this.headers(checks, acquired.counters, nowMs);
    if (!acquired.ok) {
      const check = checks[acquired.refusedBy];
      if (!check) {
        return this.refuse('concurrency', 1, headers, { limit: token.concurrency_limit });
      }
      const state = acquired.counters[acquired.refusedBy] as CounterState;
      const seconds = Math.max(1, Math.ceil((state.resetMs - nowMs) / 1000));
      return this.refuse(check.kind, seconds, headers, { limit: check.limit, group: input.group });
    }

    if (input.reservesWindow) {
      const lease = this.lease(checks, slots, leaseId, nowMs, tokens, undefined, headers);
      if (windowed) lease.window = this.windowTerms(token, nowMs);
      return { admitted: true, lease };
    }
    const window = await this.reserveWindow(token, input.estimatedQuota, nowMs);
    if (window !== undefined && 'refusal' in window) {
      await this.undo(checks, slots, leaseId, nowMs, tokens);
      return { admitted: false, refusal: window.refusal(headers) };
    }
    return {
      admitted: true,
      lease: this.lease(checks, slots, leaseId, nowMs, tokens, window, headers),
    };
  }

  /** Where the token's window starts over now (in the QuotaWindowTimezone option's calendar). */
  private windowTerms(token: TokenLimits, nowMs: number): WindowTerms {
    const period = token.window_period as Exclude<TokenWindowPeriod, ''>;
    const timeZone = this.deps.options.get('QuotaWindowTimezone');
    return windowCutoff(period, Math.floor(nowMs / 1000), timeZone);
  }

  /**
   * The 429 of a window found spent by the caller's reservation (`reservesWindow`), with its
   * Retry-After; the lease (whose headers it carries) is the caller's to release.
   */
  async windowRefusal(
    token: TokenLimits,
    headers: Record<string, string>,
    nowMs = this.deps.nowMs(),
  ): Promise<LimitRefusal> {
    const now = Math.floor(nowMs / 1000);
    const state = await windowState(this.deps.db, token.id);
    const timeZone = this.deps.options.get('QuotaWindowTimezone');
    const resetsAt = windowResetsAt(token.window_period, state.startedAt, now, timeZone);
    const seconds = Math.max(1, resetsAt - now);
    return new LimitRefusal('window', seconds, headers, { limit: token.window_quota });
  }

  private lease(
    checks: Check[],
    slots: SlotCheck[],
    leaseId: string,
    nowMs: number,
    tokens: number,
    window: WindowReservation | undefined,
    headers: Record<string, string>,
  ): Lease {
    return new Lease(this.deps, checks, slots, leaseId, nowMs, tokens, window, headers);
  }

  private async reserveWindow(
    token: TokenLimits,
    estimatedQuota: number,
    nowMs: number,
  ): Promise<
    WindowReservation | { refusal: (headers: Record<string, string>) => LimitRefusal } | undefined
  > {
    if (token.window_period === '' || token.window_quota <= 0) return undefined;
    const now = Math.floor(nowMs / 1000);
    const timeZone = this.deps.options.get('QuotaWindowTimezone');
    const { cutoff, freshStart } = windowCutoff(token.window_period, now, timeZone);
    const amount = Math.max(0, Math.ceil(estimatedQuota));
    const startedAt = await reserveWindow(this.deps.db, token.id, { cutoff, freshStart, amount });
    if (startedAt !== undefined) return { tokenId: token.id, startedAt, amount };
    const state = await windowState(this.deps.db, token.id);
    const resetsAt = windowResetsAt(token.window_period, state.startedAt, now, timeZone);
    const seconds = Math.max(1, resetsAt - now);
    return {
      refusal: (headers: Record<string, string>): LimitRefusal =>
        new LimitRefusal('window', seconds, headers, { limit: token.window_quota }),
    };
  }

  /** A window refusal after the counters were taken: give them back. */
  private async undo(
    checks: Check[],
    slots: SlotCheck[],
    leaseId: string,
    nowMs: number,
    tokens: number,
  ) {
    const start = windowStart(nowMs, MINUTE_MS);
    await Promise.all([
      ...checks.map((check) =>
        this.deps.store.adjust(
          check.key,
          MINUTE_MS,
          start,
          -(check.unit === 'tokens' ? tokens : 1),
        ),
      ),
      this.deps.store.releaseSlots(
        slots.map((slot) => slot.key),
        leaseId,
      ),
    ]);
  }

  private refuse(
    kind: LimitKind,
    seconds: number,
    headers: Record<string, string>,
    params: Record<string, string | number>,
  ): Admission {
    return { admitted: false, refusal: new LimitRefusal(kind, seconds, headers, params) };
  }

  private headers(checks: Check[], states: CounterState[], nowMs: number) {
    return rateLimitHeaders(
      tightest(readings(checks, states, 'requests')),
      tightest(readings(checks, states, 'tokens')),
      nowMs,
    );
  }
}

const UNITS: Record<LimitKind, Check['unit']> = {
  rpm: 'requests',
  tpm: 'tokens',
  group_rpm: 'requests',
  group_tpm: 'tokens',
  concurrency: 'requests',
  window: 'requests',
};

const check = (kind: LimitKind, key: string, limit: number, cost: number): Check => ({
  kind,
  unit: UNITS[kind],
  key,
  limit,
  cost,
  windowMs: MINUTE_MS,
});

/** The counters of one unit as the headers read them. */
function readings(checks: Check[], states: CounterState[], unit: Check['unit']): LimitReading[] {
  const out: LimitReading[] = [];
  for (const [index, check] of checks.entries()) {
    const state = states[index];
    if (check.unit !== unit || !state) continue;
    out.push({ limit: check.limit, remaining: check.limit - state.used, resetMs: state.resetMs });
  }
  return out;
}
