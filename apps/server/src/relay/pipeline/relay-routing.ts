// Per-channel rules of an attempt: model and status mapping, which failures try another channel.
import type { OptionsStore } from '../../modules/options/options.store';
import type { ChannelRow } from '../relay.repository';
import { UpstreamError } from '../relay-errors';
import type { UpstreamTimeouts } from '../transport/upstream';

/** The channel's time limits: the options, with the channel's own first-byte limit first. */
export function attemptTimeouts(options: OptionsStore, channel: ChannelRow): UpstreamTimeouts {
  const own = Number(channel.first_byte_timeout ?? 0);
  return {
    connectMs: options.getInt('RelayConnectTimeout') * 1000,
    firstByteMs: (own > 0 ? own : options.getInt('RelayFirstByteTimeout')) * 1000,
    idleMs: options.getInt('RelayStreamIdleTimeout') * 1000,
  };
}

/** Status code mapping of a channel (`{"400":"500"}`), applied to upstream errors. */
export function mapStatus(channel: ChannelRow, status: number): number {
  if (!channel.status_code_mapping || status === 200) return status;
  try {
    const mapping = JSON.parse(channel.status_code_mapping) as Record<string, unknown>;
    const mapped = Number(mapping[String(status)]);
    return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
  } catch {
    return status;
  }
}

/** The channel's upstream name for a model (model_mapping), else the model itself. */
export function mapModel(channel: ChannelRow, model: string): string {
  if (!channel.model_mapping) return model;
  try {
    const mapping = JSON.parse(channel.model_mapping) as Record<string, unknown>;
    const mapped = mapping[model];
    return typeof mapped === 'string' && mapped ? mapped : model;
  } catch {
    return model;
  }
}

/** Retry on rate limits, server errors (not gateway timeouts) and failures of the channel's key. */
export function shouldRetry(status: number): boolean {
  if (status === 429 || status === 307 || status === 0) return true;
  if (status >= 500) return status !== 504 && status !== 524;
  return status === 401 || status === 403 || status === 404;
}

/** The upstream could not be reached or broke off: 502, retried on another channel. */
export const networkError = (message: string): UpstreamError =>
  new UpstreamError(
    502,
    { message, type: 'upstream_error', param: null, code: 'upstream_unreachable' },
    0,
  );

export const newRequestId = (): string =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
