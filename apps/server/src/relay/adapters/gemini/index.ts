// Gemini (family gemini): canonical chat requests become generateContent /
// streamGenerateContent (SSE) requests; candidates and usageMetadata become canonical replies.

import { geminiUrl } from '../../wire/gemini/url';
import type { GeminiReply } from '../../wire/gemini/wire';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { chatBody } from '../types';
import { completionFromGemini, GeminiStreamTranslator } from './reply';
import { toGeminiRequest } from './request';

export { GEMINI_DEFAULT_VERSION } from '../../wire/gemini/wire';
export { geminiUrl };

/** The generateContent body of an adapter context. */
export const toGeminiBody = (ctx: AdapterContext) => toGeminiRequest(chatBody(ctx));

export class GeminiAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    return {
      url: geminiUrl(ctx, ctx.stream ? 'streamGenerateContent' : 'generateContent'),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.channel.key },
      body: JSON.stringify(toGeminiBody(ctx)),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = JSON.parse(raw.toString('utf8')) as GeminiReply;
    const { completion, usage, text } = completionFromGemini(reply, ctx.model);
    return { body: JSON.stringify(completion), contentType: 'application/json', usage, text };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new GeminiStreamTranslator(ctx.model);
  }
}
