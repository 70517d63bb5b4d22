// The one admission API the relay calls: per-token rpm / tpm / concurrency, per-user group rpm /
// tpm (option GroupRateLimits) and the token's quota window. admit() answers a refusal (429 with
// headers and Retry-After) or a lease; the lease's settle() or release() ends the request.
import { randomUUID } from 'node:crypto';
import type { GroupRateLimit } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { OptionsStore } from '../options/options.store';
import type { CounterCheck, CounterState, LimitStore, SlotCheck } from './limit-store';
import { windowStart } from './limit-store';
import {
  type LimitKind,
  type LimitReading,
  LimitRefusal,
  rateLimitHeaders,
  tightest,
} from './rate-headers';
import {
  releaseWindow,
  reserveWindow,
  settleWindow,
  type TokenLimits,
  windowState,
} from './window.repository';
import { windowCutoff, windowResetsAt } from './window-rules';

const MINUTE_MS = 60_000;
/** A lease whose node died stops holding its concurrency slot after this long. */
export const SLOT_TTL_MS = 10 * 60_000;

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
}

export interface LimitLease {
  /** x-ratelimit-* headers for the reply (empty when no rpm / tpm limit applies). */
  headers: Record<string, string>;
  /** The request was served: TPM corrected to `realTokens`, window charged `quota`. */
  settle(realTokens: number, quota: number): Promise<void>;
  /** The request failed or was refunded: gives back its tokens, slot and window reservation. */
  release(): Promise<void>;
}

export type Admission =
  | { admitted: true; lease: LimitLease }
  | { admitted: false; refusal: LimitRefusal };

interface WindowReservation {
  tokenId: number;
  startedAt: number;
  amount: number;
}

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
  constructor(private readonly deps: LimitsDeps) {}

  /** The group's per-user limits from GroupRateLimits (none when the group is not listed). */
  groupLimits(group: string): GroupRateLimit {
    const all = this.deps.options.getJson<Record<string, GroupRateLimit>>('GroupRateLimits');
    return Object.hasOwn(all, group) ? (all[group] ?? {}) : {};
  }

  async admit(input: AdmitInput): Promise<Admission> {
    const nowMs = input.nowMs ?? this.deps.nowMs();
    const { token } = input;
    const tokens = Math.max(0, Math.ceil(input.estimatedTokens));
    const group = this.groupLimits(input.group);
    const checks: Check[] = [];
    const add = (kind: LimitKind, unit: Check['unit'], key: string, limit = 0, cost = 1) => {
      if (limit > 0) checks.push({ kind, unit, key, limit, cost, windowMs: MINUTE_MS });
    };
    add('rpm', 'requests', `t:${token.id}:rpm`, token.rpm_limit);
    add('tpm', 'tokens', `t:${token.id}:tpm`, token.tpm_limit, tokens);
    add('group_rpm', 'requests', `u:${input.userId}:g:${input.group}:rpm`, group.rpm);
    add('group_tpm', 'tokens', `u:${input.userId}:g:${input.group}:tpm`, group.tpm, tokens);
    const slots: SlotCheck[] =
      token.concurrency_limit > 0
        ? [{ key: `t:${token.id}:conc`, limit: token.concurrency_limit, ttlMs: SLOT_TTL_MS }]
        : [];
    const windowed = token.window_period !== '' && token.window_quota > 0;
    // Most tokens carry no limit: they cost one object, no store call and no query.
    if (checks.length + slots.length === 0 && !windowed) return UNLIMITED;
    const leaseId = randomUUID();

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

  private lease(
    checks: Check[],
    slots: SlotCheck[],
    leaseId: string,
    nowMs: number,
    tokens: number,
    window: WindowReservation | undefined,
    headers: Record<string, string>,
  ): LimitLease {
    let ended = false;
    const end = async (realTokens: number, quota: number | undefined) => {
      // settle and release are idempotent: only the first call counts.
      if (ended) return;
      ended = true;
      const delta = Math.max(0, Math.ceil(realTokens)) - tokens;
      await Promise.all([
        ...checks
          .filter((check) => check.unit === 'tokens' && delta !== 0)
          .map((check) =>
            this.deps.store.adjust(check.key, MINUTE_MS, windowStart(nowMs, MINUTE_MS), delta),
          ),
        this.deps.store.releaseSlots(
          slots.map((slot) => slot.key),
          leaseId,
        ),
        window
          ? quota === undefined
            ? releaseWindow(this.deps.db, window.tokenId, window)
            : settleWindow(this.deps.db, window.tokenId, window, Math.max(0, quota))
          : undefined,
      ]);
    };
    return {
      headers,
      settle: (realTokens, quota) => end(realTokens, quota),
      release: () => end(0, undefined),
    };
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
    const readings = (unit: Check['unit']): LimitReading[] =>
      checks.flatMap((check, index) => {
        const state = states[index];
        if (check.unit !== unit || !state) return [];
        return [
          { limit: check.limit, remaining: check.limit - state.used, resetMs: state.resetMs },
        ];
      });
    return rateLimitHeaders(tightest(readings('requests')), tightest(readings('tokens')), nowMs);
  }
}
