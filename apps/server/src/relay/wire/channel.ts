// What every vendor's wire needs of a channel: the relay mode a request is in and the channel's
// base URL. Shared by the dialects (native routes) and the adapters, which import each other never.
import { channelTypeById } from '@switchyard/contracts';
import type { ChannelRow } from '../relay.repository';

export type { RelayMode } from '../canonical/body';

/** Base URL without a trailing slash. */
export const trimBase = (base: string): string => base.replace(/\/+$/, '');

/** The channel's base URL, else its type's default, without a trailing slash. */
export const baseUrlOf = (channel: ChannelRow): string =>
  trimBase(channel.base_url || channelTypeById(channel.type)?.defaultBaseUrl || '');
