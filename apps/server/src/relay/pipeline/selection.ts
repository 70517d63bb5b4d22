// Channel selection: the group's enabled channels for a model, highest priority level first,
// weighted random within a level; each retry takes a channel not tried yet, those not failing
// right now before those that are. A conversation bound to a channel (prompt-cache affinity)
// starts on it when it is among the best candidates.
import { ChannelStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { AffinityBinding } from '../affinity/channel-affinity';
import { type CandidateRow, findChannel, listCandidates } from '../relay.repository';
import { RelayError } from '../relay-errors';

export type Random = () => number;

/** What the plan knows of the channels' health (ChannelHealth). */
export interface HealthView {
  failingNow(channelId: number): boolean;
}

/** Picks channels for one request; remembers which were tried (for retries and the log). */
export class ChannelPlan {
  readonly tried: number[] = [];
  private readonly levels: CandidateRow[][];
  /** The conversation's bound channel, taken first when it is in the highest level. */
  private preferred: CandidateRow | undefined;

  constructor(
    candidates: readonly CandidateRow[],
    private readonly random: Random = Math.random,
    private readonly health?: HealthView,
    private readonly affinity?: AffinityBinding,
  ) {
    const byPriority = new Map<number, CandidateRow[]>();
    for (const candidate of candidates) {
      const level = byPriority.get(candidate.priority);
      if (level) level.push(candidate);
      else byPriority.set(candidate.priority, [candidate]);
    }
    this.levels = [...byPriority.entries()].sort((a, b) => b[0] - a[0]).map(([, level]) => level);
  }

  /**
   * Starts with this channel when it is one the first pick could have drawn (the highest level):
   * affinity never reaches a channel the group, the model or the priorities would not give.
   */
  prefer(channelId: number): void {
    this.preferred = this.levels[0]?.find((candidate) => candidate.id === channelId);
  }

  /** The attempt on this channel answered: the conversation stays with it. */
  served(channelId: number): void {
    this.affinity?.served(channelId);
  }

  /** The attempt on this channel failed: the conversation's binding to it is dropped. */
  failed(channelId: number): void {
    this.affinity?.failed(channelId);
  }

  get size(): number {
    return this.levels.reduce((sum, level) => sum + level.length, 0);
  }

  /**
   * The next channel: the highest level that still has an untried channel, weighted random in it
   * (weight 0 counts only when the whole level is 0). A retry looks first among the untried
   * channels that are not failing right now, then among the rest (the first pick keeps to the
   * priorities, so a failing channel still sees requests and its failure rate stays measured).
   * Undefined when every channel was tried.
   */
  next(): CandidateRow | undefined {
    const preferred = this.preferred;
    if (preferred && this.tried.length === 0) {
      this.tried.push(preferred.id);
      return preferred;
    }
    const health = this.tried.length > 0 ? this.health : undefined;
    const picked =
      (health && this.pick((candidate) => !health.failingNow(candidate.id))) ??
      this.pick(() => true);
    if (picked) this.tried.push(picked.id);
    return picked;
  }

  private pick(allowed: (candidate: CandidateRow) => boolean): CandidateRow | undefined {
    for (const level of this.levels) {
      const open = level.filter(
        (candidate) => !this.tried.includes(candidate.id) && allowed(candidate),
      );
      if (open.length > 0) return weightedPick(open, this.random);
    }
    return undefined;
  }
}

export function weightedPick<T extends { weight: number }>(items: readonly T[], random: Random): T {
  const total = items.reduce((sum, item) => sum + Math.max(0, item.weight), 0);
  if (total <= 0) return items[Math.floor(random() * items.length)] ?? (items[0] as T);
  let point = random() * total;
  for (const item of items) {
    point -= Math.max(0, item.weight);
    if (point < 0) return item;
  }
  return items[items.length - 1] as T;
}

/**
 * Every channel the request may use. A pinned channel (admins only, checked at admission) is the
 * only candidate and must be enabled; otherwise the group's abilities for the model decide.
 */
export async function planChannels(
  db: Db,
  group: string,
  model: string,
  pinnedChannelId: number | null,
  random: Random = Math.random,
  health?: HealthView,
  affinity?: AffinityBinding,
): Promise<ChannelPlan> {
  if (pinnedChannelId !== null) {
    const channel = await findChannel(db, pinnedChannelId);
    if (channel?.status !== ChannelStatus.enabled) {
      throw new RelayError(403, 'relay.pinnedChannelUnavailable', 'channel_unavailable');
    }
    return new ChannelPlan([{ ...channel, priority: 0, weight: 1 }], random);
  }
  // The binding is looked up while the candidates are read.
  const lookup = affinity?.lookup();
  const candidates = await listCandidates(db, group, model);
  const bound = lookup && (await lookup);
  if (candidates.length === 0) {
    throw new RelayError(404, 'relay.noChannel', 'model_not_found', { model, group });
  }
  const plan = new ChannelPlan(candidates, random, health, affinity);
  if (bound !== undefined) plan.prefer(bound);
  return plan;
}
