// What every vendor's wire needs of a channel: the relay mode a request is in, the channel as an
// upstream target and its base URL. Shared by the dialects (native routes) and the adapters,
// which import each other never.
import { channelTypeById } from '@switchyard/contracts';

export type { RelayMode } from '../canonical/body';

/**
 * What an adapter reads of a channel: its type, where it is and how to sign in (the database
 * row, relay.repository's ChannelRow, is one; so is anything shaped like it).
 */
export interface ChannelTarget {
  type: number;
  /** The credential (a key, or the provider's own composite: `ak|sk`, `appId|secret|key`…). */
  key: string;
  base_url: string | null;
  /** The type's extra setting (an API version, a region, an account id…). */
  other: string | null;
  openai_organization: string | null;
}

/** Base URL without a trailing slash. */
export const trimBase = (base: string): string => base.replace(/\/+$/, '');

/** The channel's base URL, else its type's default, without a trailing slash. */
export const baseUrlOf = (channel: ChannelTarget): string =>
  trimBase(channel.base_url || channelTypeById(channel.type)?.defaultBaseUrl || '');
