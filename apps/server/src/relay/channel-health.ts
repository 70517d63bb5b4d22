// Channel health: which failures disable a channel automatically (per AutomaticDisableChannelEnabled
// and the channel's auto_ban), the disable itself, and re-enabling after a successful test.
import { ChannelStatus, channelTypeById } from '@switchyard/contracts';
import type { Db } from '../db/database';
import type { OptionsStore } from '../modules/options/options.store';
import { type ChannelRow, setChannelStatus } from './relay.repository';
import type { UpstreamError } from './relay-errors';

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

/** Server errors in a row (without a success between them) that disable a channel. */
export const REPEATED_FAILURES_TO_DISABLE = 5;

/** Why an upstream error means the channel itself is unusable (bad key, no quota), or null. */
export function disablingReason(channelType: number, error: UpstreamError): string | null {
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
  private readonly failures = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly options: OptionsStore,
    private readonly now: () => number,
  ) {}

  private autoDisableOn(channel: ChannelRow): boolean {
    return channel.auto_ban === 1 && this.options.getBool('AutomaticDisableChannelEnabled');
  }

  succeeded(channelId: number): void {
    if (this.failures.size > 0) this.failures.delete(channelId);
  }

  /** Records a failed request; disables the channel when the failure calls for it. */
  async failed(channel: ChannelRow, error: UpstreamError): Promise<boolean> {
    let reason = disablingReason(channel.type, error);
    if (!reason && (error.upstreamStatus >= 500 || error.upstreamStatus === 0)) {
      const count = (this.failures.get(channel.id) ?? 0) + 1;
      this.failures.set(channel.id, count);
      if (count >= REPEATED_FAILURES_TO_DISABLE) {
        reason = `${count} failures in a row, last: ${error.error.message}`;
      }
    }
    if (!reason || !this.autoDisableOn(channel)) return false;
    this.failures.delete(channel.id);
    return this.disable(channel, reason);
  }

  /** Status 3 with other_info.status_reason and status_time; the abilities are switched off. */
  async disable(channel: ChannelRow, reason: string): Promise<boolean> {
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
  async reenable(channel: ChannelRow): Promise<boolean> {
    if (channel.status !== ChannelStatus.autoDisabled) return false;
    if (!this.options.getBool('AutomaticEnableChannelEnabled')) return false;
    const info = parseInfo(channel.other_info);
    delete info.status_reason;
    info.status_time = this.now();
    return setChannelStatus(
      this.db,
      channel.id,
      ChannelStatus.enabled,
      JSON.stringify(info),
      ChannelStatus.autoDisabled,
    );
  }

  /** A slow test result disables (ChannelDisableThreshold seconds, 0 = never). */
  tooSlow(channel: ChannelRow, milliseconds: number): boolean {
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
