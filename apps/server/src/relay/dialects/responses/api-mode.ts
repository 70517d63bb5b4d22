// Whether a Responses request goes to a channel as received or translated to chat completions.
// Channel types with the Responses API (OpenAI, Azure) are how people add any OpenAI-compatible
// server, and most of those speak chat only: in `auto` (the default) the request is forwarded
// until the upstream answers 404/405, then the channel remembers it (other_info
// `responses_checked`) and is translated for a day before the upstream is asked again. An admin
// may fix the mode to `native` or `translate` in the channel editor.
import { channelInfoOf, channelTypeById, responsesApiModeOf } from '@switchyard/contracts';
import type { Db } from '../../../db/database';
import type { ChannelRow } from '../../relay.repository';
import { saveChannelInfo } from './responses.repository';

/** How long a channel found without the Responses API is translated before it is asked again. */
export const RESPONSES_RECHECK_SECONDS = 86_400;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The channel is sent Responses requests as received. */
export function servesResponses(channel: ChannelRow, now = nowSeconds()): boolean {
  if (channelTypeById(channel.type)?.capabilities?.responsesApi !== true) return false;
  const mode = responsesApiModeOf(channel.other_info);
  if (mode !== 'auto') return mode === 'native';
  const checked = channelInfoOf(channel.other_info).responses_checked;
  return !(checked && !checked.native && now - checked.at < RESPONSES_RECHECK_SECONDS);
}

/** The upstream's answer says it has no Responses API, and the channel lets the relay translate. */
export const lacksResponses = (channel: ChannelRow, status: number): boolean =>
  (status === 404 || status === 405) && responsesApiModeOf(channel.other_info) === 'auto';

/** Remembers in the channel that its upstream speaks chat only (until re-checked). */
export async function rememberChatOnly(db: Db, channel: ChannelRow, now: number): Promise<void> {
  const info = {
    ...channelInfoOf(channel.other_info),
    responses_checked: { native: false, at: now },
  };
  await saveChannelInfo(db, channel.id, JSON.stringify(info));
}
