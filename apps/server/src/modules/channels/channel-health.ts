// Channel health: which failures disable a channel automatically (per AutomaticDisableChannelEnabled
// and the channel's auto_ban), the disable itself, and re-enabling after a successful test.
// Server errors disable only by their rate over a window (a flaky channel that answers half its
// requests stays) and never take the last channel of a model away unless another channel served
// it lately. Which channels are failing right now orders the retries.
import { ChannelStatus, channelTypeById } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { OptionsStore } from '../options/options.store';
import { listAlternatives, setChannelStatus } from './channel-health.repository';
import { ChannelStats } from './channel-stats';

/** The columns of a channel a health decision reads (the relay's ChannelRow carries them). */
export interface HealthChannel {
  id: number;
  type: number;
  status: number;
  auto_ban: number;
  models: string;
  group: string;
  other_info: string | null;
}

/** What a health decision reads of a failed attempt (the relay's UpstreamError carries it). */
export interface UpstreamFailure {
  /** Status the upstream really sent (0 for a network failure). */
  upstreamStatus: number;
  error: { message: string; type?: string | null; code?: string | null };
}

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);
const DISABLING_PREFIXES = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
];

/** Server errors disable a channel at this share of its requests over the stats window… */
export const FAILURE_RATE_TO_DISABLE = 0.9;
/** …once it had at least this many requests in it (not a run of a few). */
export const MIN_REQUESTS_TO_DISABLE = 10;
/** "Failing right now": this share of its requests in the last minute failed (at least two). */
const FAILING_RATE = 0.5;
const FAILING_SPAN_MS = 60_000;

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Why an upstream error means the channel itself is unusable (bad key, no quota), or null. */
export function disablingReason(channelType: number, error: UpstreamFailure): string | null {
  const { upstreamStatus } = error;
  const { code, type, message } = error.error;
  if (upstreamStatus === 401) return `HTTP 401: ${message}`;
  // Google's API answers a key it refuses (revoked, API not enabled) with 403 PERMISSION_DENIED.
  if (upstreamStatus === 403 && channelTypeById(channelType)?.family === 'gemini') {
    return `HTTP 403: ${message}`;
  }
  if ((code && DISABLING_CODES.has(code)) || (type && DISABLING_TYPES.has(type))) return message;
  if (DISABLING_PREFIXES.some((prefix) => message.startsWith(prefix))) return message;
  return null;
}

export class ChannelHealth {
  readonly stats: ChannelStats;

  constructor(
    private readonly db: Db,
    private readonly options: OptionsStore,
    private readonly now: () => number,
    nowMs: () => number = Date.now,
  ) {
    this.stats = new ChannelStats(nowMs);
  }

  private autoDisableOn(channel: HealthChannel): boolean {
    return channel.auto_ban === 1 && this.options.getBool('AutomaticDisableChannelEnabled');
  }

  succeeded(channelId: number): void {
    this.stats.record(channelId, true);
  }

  /** Most of its requests in the last minute failed: retries try other channels first. */
  failingNow(channelId: number): boolean {
    const { ok, failed } = this.stats.tally(channelId, FAILING_SPAN_MS);
    return failed >= 2 && failed >= (ok + failed) * FAILING_RATE;
  }

  /** Records a failed request; disables the channel when the failure calls for it. */
  async failed(channel: HealthChannel, error: UpstreamFailure): Promise<boolean> {
    let reason = disablingReason(channel.type, error);
    const byRate = reason === null;
    const server = error.upstreamStatus >= 500 || error.upstreamStatus === 0;
    if (server || error.upstreamStatus === 429) this.stats.record(channel.id, false);
    if (!reason && server) {
      const { ok, failed } = this.stats.tally(channel.id);
      const total = ok + failed;
      if (total >= MIN_REQUESTS_TO_DISABLE && failed >= total * FAILURE_RATE_TO_DISABLE) {
        const percent = Math.round((failed / total) * 100);
        reason = `${percent}% of ${total} requests failed in 5 minutes, last: ${error.error.message}`;
      }
    }
    if (!reason || !this.autoDisableOn(channel)) return false;
    // A refused key or spent account never answers, whatever else serves the model; failures
    // by rate never take a model's last working channel away.
    if (byRate && !(await this.othersServe(channel))) return false;
    this.stats.reset(channel.id);
    return this.disable(channel, reason);
  }

  /**
   * Whether every model the channel serves (in each of its groups) has another enabled channel
   * that answered lately: the gateway never takes a model away on its own.
   */
  private async othersServe(channel: HealthChannel): Promise<boolean> {
    const groups = list(channel.group);
    const models = list(channel.models);
    const others = await listAlternatives(this.db, channel.id, groups, models);
    const served = new Set(
      others
        .filter((row) => this.stats.succeededRecently(Number(row.channel_id)))
        .map((row) => `${row.group}\n${row.model}`),
    );
    return groups.every((group) => models.every((model) => served.has(`${group}\n${model}`)));
  }

  /** Status 3 with other_info.status_reason and status_time; the abilities are switched off. */
  async disable(channel: HealthChannel, reason: string): Promise<boolean> {
    const info = {
      ...parseInfo(channel.other_info),
      status_reason: reason,
      status_time: this.now(),
    };
    return setChannelStatus(
      this.db,
      channel.id,
      ChannelStatus.autoDisabled,
      JSON.stringify(info),
      ChannelStatus.enabled,
    );
  }

  /** Re-enables a channel the gateway disabled (never one an admin disabled). */
  async reenable(channel: HealthChannel): Promise<boolean> {
    if (channel.status !== ChannelStatus.autoDisabled) return false;
    if (!this.options.getBool('AutomaticEnableChannelEnabled')) return false;
    const info = parseInfo(channel.other_info);
    delete info.status_reason;
    info.status_time = this.now();
    this.stats.reset(channel.id);
    return setChannelStatus(
      this.db,
      channel.id,
      ChannelStatus.enabled,
      JSON.stringify(info),
      ChannelStatus.autoDisabled,
    );
  }

  /** A slow test result disables (ChannelDisableThreshold seconds, 0 = never). */
  tooSlow(channel: HealthChannel, milliseconds: number): boolean {
    const threshold = this.options.getNumber('ChannelDisableThreshold');
    return this.autoDisableOn(channel) && threshold > 0 && milliseconds > threshold * 1000;
  }
}

function parseInfo(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
