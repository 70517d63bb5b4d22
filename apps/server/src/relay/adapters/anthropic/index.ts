// Anthropic (family anthropic): canonical chat requests become Messages API requests; replies
// and stream events become canonical completions and chunks.

import { anthropicHeaders } from '../../wire/anthropic/headers';
import type { AnthropicReply } from '../../wire/anthropic/wire';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { baseUrlOf, chatBody } from '../types';
import { AnthropicStreamTranslator, completionFromAnthropic } from './reply';
import { toAnthropicRequest, wantsJsonTool } from './request';

export { ANTHROPIC_VERSION } from '../../wire/anthropic/wire';
export { anthropicHeaders };

/** The Messages API body of an adapter context. */
export const toAnthropicBody = (ctx: AdapterContext) =>
  toAnthropicRequest(chatBody(ctx), ctx.model, ctx.stream);

export class AnthropicAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    const body = toAnthropicBody(ctx);
    return {
      url: new URL(`${baseUrlOf(ctx.channel)}/v1/messages`),
      headers: anthropicHeaders(ctx.channel.key, ctx.clientHeaders),
      body: JSON.stringify(body),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = JSON.parse(raw.toString('utf8')) as AnthropicReply;
    const { completion, usage, text } = completionFromAnthropic(
      reply,
      ctx.model,
      wantsJsonTool(chatBody(ctx)),
    );
    return { body: JSON.stringify(completion), contentType: 'application/json', usage, text };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new AnthropicStreamTranslator(ctx.model, wantsJsonTool(chatBody(ctx)));
  }
}
