// Messages → an Anthropic upstream, forwarded as received (thinking blocks, signatures,
// cache_control and fields the gateway does not know survive); only the model is mapped.

import { channelTypeById } from '@switchyard/contracts';
import { ReplyText } from '../../canonical/reply-text';
import { withoutGeminiThinking } from '../../canonical/signed-thinking';
import type { ChatError } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { anthropicHeaders } from '../../wire/anthropic/headers';
import { usageFromAnthropic } from '../../wire/anthropic/usage';
import type { AnthropicEvent } from '../../wire/anthropic/wire';
import { baseUrlOf } from '../../wire/channel';
import type { NativeRoute, NativeStreamWatch } from '../types';
import { anthropicErrorEvent } from './render';

class MessagesWatch implements NativeStreamWatch {
  usage: Usage | undefined;
  finished = false;
  /** Anthropic streams always report usage, so no text is kept for counting. */
  readonly text = new ReplyText();

  push(event: { event: string; data: string }): void {
    // Only the events that carry usage or the end are parsed.
    if (
      event.event !== 'message_start' &&
      event.event !== 'message_delta' &&
      event.event !== 'message_stop'
    ) {
      return;
    }
    if (event.event === 'message_stop') {
      this.finished = true;
      return;
    }
    let data: AnthropicEvent;
    try {
      data = JSON.parse(event.data) as AnthropicEvent;
    } catch {
      return;
    }
    if (data.type === 'message_start') this.usage = usageFromAnthropic(data.message?.usage);
    else if (data.usage) {
      const late = usageFromAnthropic(data.usage);
      const before = this.usage ?? { promptTokens: 0, completionTokens: 0 };
      this.usage = {
        ...before,
        completionTokens: data.usage.output_tokens ?? before.completionTokens,
        ...(data.usage.input_tokens !== undefined && late
          ? { promptTokens: late.promptTokens }
          : {}),
      };
    }
  }

  fail(error: ChatError): string {
    return anthropicErrorEvent(502, error);
  }
}

export const messagesNative: NativeRoute = {
  accepts: (channel) => channelTypeById(channel.type)?.family === 'anthropic',
  request: (channel, request, model) => ({
    url: new URL(`${baseUrlOf(channel)}/v1/messages`),
    headers: anthropicHeaders(channel.key, request.clientHeaders),
    body: JSON.stringify(
      model === request.raw.model
        ? withoutGeminiThinking(request.raw)
        : { ...withoutGeminiThinking(request.raw), model },
    ),
  }),
  replyUsage(raw) {
    try {
      return usageFromAnthropic((JSON.parse(raw.toString('utf8')) as { usage?: never }).usage);
    } catch {
      return undefined;
    }
  },
  watch: () => new MessagesWatch(),
};
