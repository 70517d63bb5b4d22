// Reservations whose request will never settle them: the node that took them died (its lease ran
// out, or it is starting again under the same node id) or gave up on them. Each is settled for
// what is known — a stream's delivered part when one was recorded, otherwise the whole
// reservation — with a consume log that says it was reconciled, or refunded when the journal
// says nothing was delivered. The settlement deletes the journal row, so two nodes reconciling
// the same row (or the owner settling it late) apply it once.
import { hostname } from 'node:os';
import { LogType } from '@switchyard/contracts';
import type { Db } from '../db/database';
import { type FundingSource, fundingOf } from './funding';
import type { JournalRow } from './reservation.repository';
import { listOrphans, namesOf, recordDelivered, renewLease } from './reservation.repository';
import type { Settlement } from './settlement-plan';
import type { BatchWriter } from './settlement-queue';

/** How a left-behind reservation ends. */
export type Verdict = { kind: 'refund' } | { kind: 'settle'; cost: number };

/**
 * The rules: `delivered` is -1 when nothing was recorded (a reply may have gone out: charge the
 * reservation), 0 when the owner recorded that nothing had been delivered (refund), else the
 * quota worth of what a stream had delivered (charge that, never above the reservation).
 */
export function verdictFor(row: Pick<JournalRow, 'amount' | 'delivered'>): Verdict {
  if (row.delivered === 0) return { kind: 'refund' };
  if (row.delivered > 0) return { kind: 'settle', cost: Math.min(row.delivered, row.amount) };
  return { kind: 'settle', cost: row.amount };
}

/** A stream in flight: what it has delivered so far, in quota. */
export type DeliveredProbe = () => number;

export interface KeeperDeps {
  db: Db;
  nodeId: string;
  leaseMs: number;
  /** Unix milliseconds (leases). */
  clockMs: () => number;
  /** Unix seconds (logs). */
  now: () => number;
  write: BatchWriter;
  /** True while this node still has the reservation in hand (in flight or being settled). */
  holds: (id: string) => boolean;
  /** True (once) for a reservation whose take this node gave up on: refunded if found. */
  abandoned: (id: string) => boolean;
  /** Streams in flight with their probes. */
  streams: () => Iterable<[string, DeliveredProbe]>;
  logEnabled: () => boolean;
  logContent: string;
  warn: (message: string) => void;
}

const BATCH = 200;

/** Keeps this node's lease, records streams' progress and reconciles what is left behind. */
export class ReservationKeeper {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly recorded = new Map<string, number>();
  /** Reconciled rows (settled or refunded) since start. */
  reconciled = 0;

  constructor(private readonly deps: KeeperDeps) {}

  /** At start: everything this node id left behind in an earlier life. */
  async recoverOwn(): Promise<number> {
    const rows = await listOrphans(this.deps.db, { nodeId: this.deps.nodeId }, 10_000);
    return this.reconcile(rows);
  }

  start(): void {
    const every = Math.max(50, Math.floor(this.deps.leaseMs / 3));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** One round: renew the lease, record streams, reconcile expired rows. Never throws. */
  tick(): Promise<void> {
    this.ticking ??= this.round()
      .catch((error: unknown) => {
        this.deps.warn(`reservation keeper: ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    const { db, nodeId, leaseMs, clockMs } = this.deps;
    const now = clockMs();
    await renewLease(db, nodeId, now + leaseMs);
    const live = new Set<string>();
    for (const [id, probe] of this.deps.streams()) {
      live.add(id);
      const delivered = Math.max(0, Math.round(probe()));
      if (this.recorded.get(id) === delivered) continue;
      await recordDelivered(db, id, delivered);
      this.recorded.set(id, delivered);
    }
    for (const id of this.recorded.keys()) if (!live.has(id)) this.recorded.delete(id);
    const expired = await listOrphans(db, { expiredBefore: now }, BATCH);
    // This node's own rows that it no longer holds (a settlement it could not write) are
    // reconciled once they are a lease old.
    const own = (await listOrphans(db, { nodeId }, BATCH)).filter(
      (row) => !this.deps.holds(row.id) && row.created_at * 1000 < now - leaseMs,
    );
    await this.reconcile([...expired.filter((row) => row.node_id !== nodeId), ...own]);
  }

  /** Settles or refunds the rows by the rules; returns how many this call applied. */
  async reconcile(rows: readonly JournalRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const settlements: Settlement[] = [];
    for (const row of rows) {
      const funding = fundingOf(row.funding);
      if (!funding) {
        // Money goes back only to where it came from: a source this version cannot move is left
        // in the journal for a node that can.
        this.deps.warn(`reservation ${row.id}: unknown funding source '${row.funding}', left`);
        continue;
      }
      settlements.push(await this.settlementFor(row, funding));
    }
    if (settlements.length === 0) return 0;
    const results = await this.deps.write(settlements);
    const applied = results.filter((charged) => charged !== null).length;
    this.reconciled += applied;
    return applied;
  }

  private async settlementFor(row: JournalRow, funding: FundingSource): Promise<Settlement> {
    const verdict: Verdict = this.deps.abandoned(row.id) ? { kind: 'refund' } : verdictFor(row);
    const windowStartedAt = Number(row.window_started_at);
    const base = {
      id: row.id,
      userId: Number(row.user_id),
      tokenId: Number(row.token_id),
      channelId: 0,
      reserved: Number(row.amount),
      now: this.deps.now(),
      funding,
      // The window's hold is given back like the balance (and what is charged counts in it).
      window:
        windowStartedAt > 0
          ? { startedAt: windowStartedAt, amount: Number(row.amount) }
          : undefined,
    };
    if (verdict.kind === 'refund') return { ...base, cost: 0, countRequest: false, log: null };
    if (!this.deps.logEnabled())
      return { ...base, cost: verdict.cost, countRequest: true, log: null };
    const names = await namesOf(this.deps.db, base.userId, base.tokenId);
    return {
      ...base,
      cost: verdict.cost,
      countRequest: true,
      log: {
        user_id: base.userId,
        username: names.username,
        created_at: base.now,
        type: LogType.consume,
        content: this.deps.logContent,
        token_name: names.tokenName,
        model_name: row.model_name,
        quota: 0,
        is_stream: Number(row.is_stream) === 1 ? 1 : 0,
        channel_id: 0,
        token_id: base.tokenId,
        other: JSON.stringify({
          reconciled: true,
          node: row.node_id,
          reserved: base.reserved,
          delivered: Number(row.delivered) >= 0 ? Number(row.delivered) : null,
        }),
      },
    };
  }
}

/** The node's identity and lease (see reconciliation.ts). */
export interface NodeOptions {
  /** This process's node id; the default is `<host>:<PORT>`. */
  nodeId?: string;
  /** How long a journal row stays owned without a renewal (default 30 s). */
  leaseMs?: number;
  /** The consume log text of a reconciled request. */
  reconciledContent?: string;
  logEnabled?: () => boolean;
  warn?: (message: string) => void;
  /** The zone calendar windows start in (QuotaWindowTimezone), for org members' caps. */
  timeZone?: () => string;
}

export const DEFAULT_LEASE_MS = 30_000;

const nodeIdsInProcess = new Map<string, number>();

/**
 * `<host>:<PORT>` unless NODE_ID names this process: stable across its restarts, so a node that
 * starts again reconciles what it left. Relays built twice in one process get distinct ids.
 */
export function defaultNodeId(): string {
  const base = process.env.NODE_ID || `${hostname()}:${process.env.PORT ?? '3000'}`;
  const seen = nodeIdsInProcess.get(base) ?? 0;
  nodeIdsInProcess.set(base, seen + 1);
  return seen === 0 ? base : `${base}#${seen + 1}`;
}
