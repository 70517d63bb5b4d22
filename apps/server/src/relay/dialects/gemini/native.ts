// Gemini → a Gemini upstream, forwarded as received (thought signatures, safety settings, cached
// content and fields the gateway does not know survive); only the model in the URL is mapped.

import { channelTypeById } from '@switchyard/contracts';
import { ReplyText } from '../../canonical/reply-text';
import type { Usage } from '../../canonical/usage';
import { sseFrame } from '../../transport/sse';
import { geminiUrl } from '../../wire/gemini/url';
import { usageFromGemini } from '../../wire/gemini/usage';
import type { GeminiReply } from '../../wire/gemini/wire';
import type { NativeRoute, NativeStreamWatch } from '../types';
import { geminiErrorBody } from './render';

class GeminiWatch implements NativeStreamWatch {
  usage: Usage | undefined;
  finished = false;
  /** Gemini streams report usage on their chunks, so no text is kept for counting. */
  readonly text = new ReplyText();

  push(event: { data: string }): void {
    if (!event.data.includes('usageMetadata') && !event.data.includes('finishReason')) return;
    let reply: GeminiReply;
    try {
      reply = JSON.parse(event.data) as GeminiReply;
    } catch {
      return;
    }
    this.usage = usageFromGemini(reply.usageMetadata) ?? this.usage;
    if (reply.candidates?.some((candidate) => candidate.finishReason)) this.finished = true;
  }

  fail(error: {
    message: string;
    type: string;
    param: string | null;
    code: string | null;
  }): string {
    return sseFrame(JSON.stringify(geminiErrorBody(502, error)));
  }
}

export const geminiNative: NativeRoute = {
  accepts: (channel) => channelTypeById(channel.type)?.family === 'gemini',
  request: (channel, request, model) => ({
    url: geminiUrl(
      { channel, model },
      request.stream ? 'streamGenerateContent' : 'generateContent',
    ),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': channel.key },
    body: JSON.stringify(request.raw),
  }),
  replyUsage(raw) {
    try {
      return usageFromGemini((JSON.parse(raw.toString('utf8')) as GeminiReply).usageMetadata);
    } catch {
      return undefined;
    }
  },
  watch: () => new GeminiWatch(),
};
