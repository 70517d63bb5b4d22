// Local model runner (capability nativeApi 'ollama') through its native API: /api/chat (JSON or
// newline-delimited JSON stream) and /api/embed, usage from prompt_eval_count and eval_count.
import { chatUsageOf } from '../../canonical/usage';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { baseUrlOf, chatBody } from '../types';
import {
  completionFromOllama,
  type OllamaReply,
  OllamaStreamTranslator,
  toOllamaRequest,
  usageOfOllama,
} from './chat';

/** The /api/chat body of an adapter context. */
export const toOllamaChat = (ctx: AdapterContext) =>
  toOllamaRequest(chatBody(ctx), ctx.model, ctx.stream);

export class OllamaAdapter implements ProviderAdapter {
  readonly streamFraming = 'ndjson';

  supports(mode: RelayMode): boolean {
    return mode === 'chat' || mode === 'embeddings';
  }

  request(ctx: AdapterContext) {
    const embeddings = ctx.mode === 'embeddings';
    const body = embeddings ? { model: ctx.model, input: ctx.body.input } : toOllamaChat(ctx);
    return {
      url: new URL(`${baseUrlOf(ctx.channel)}${embeddings ? '/api/embed' : '/api/chat'}`),
      headers: {
        'content-type': 'application/json',
        ...(ctx.channel.key ? { authorization: `Bearer ${ctx.channel.key}` } : {}),
      },
      body: JSON.stringify(body),
    };
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = JSON.parse(raw.toString('utf8')) as OllamaReply;
    if (ctx.mode === 'embeddings') {
      const usage = usageOfOllama(reply);
      const body = JSON.stringify({
        object: 'list',
        data: (reply.embeddings ?? []).map((embedding, index) => ({
          object: 'embedding',
          index,
          embedding,
        })),
        model: ctx.model,
        usage: chatUsageOf(usage ?? { promptTokens: 0, completionTokens: 0 }),
      });
      return { body, contentType: 'application/json', usage, text: '' };
    }
    const { completion, usage, text } = completionFromOllama(reply, ctx.model);
    return { body: JSON.stringify(completion), contentType: 'application/json', usage, text };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new OllamaStreamTranslator(ctx.model);
  }
}
