// A channel's `other_info`: why it was disabled and how the Responses API reaches it. No zod here:
// the contracts' main entry exports it, and that entry is in the console's first load.

/**
 * How a Responses request reaches a channel whose type has the Responses API: `native` forwards
 * it, `translate` turns it into chat completions, `auto` forwards it until the upstream answers
 * 404/405 and then translates for a day before asking again (OpenAI-compatible servers often
 * speak chat only).
 */
export const RESPONSES_API_MODES = ['auto', 'native', 'translate'] as const;
export type ResponsesApiMode = (typeof RESPONSES_API_MODES)[number];

/** What the relay learnt about a channel in `auto`: does it serve the Responses API, and when. */
export interface ResponsesApiCheck {
  native: boolean;
  /** Unix seconds of the answer. */
  at: number;
}

/** Why and when a channel was disabled automatically, and its Responses API mode (`other_info`). */
export interface ChannelStatusInfo {
  status_reason?: string;
  status_time?: number;
  responses_api?: ResponsesApiMode;
  responses_checked?: ResponsesApiCheck;
}

/** The `other_info` JSON of a channel, {} when empty or not an object. */
export function channelInfoOf(otherInfo: string | null | undefined): ChannelStatusInfo {
  if (!otherInfo) return {};
  try {
    const parsed: unknown = JSON.parse(otherInfo);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ChannelStatusInfo)
      : {};
  } catch {
    return {};
  }
}

/** The Responses API mode of a channel (`auto` unless an admin chose another). */
export function responsesApiModeOf(otherInfo: string | null | undefined): ResponsesApiMode {
  const mode = channelInfoOf(otherInfo).responses_api;
  return mode !== undefined && RESPONSES_API_MODES.includes(mode) ? mode : 'auto';
}
