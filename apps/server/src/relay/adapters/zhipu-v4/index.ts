// Zhipu GLM v4 (type 26): OpenAI-shaped chat completions and embeddings under /api/paas/v4,
// authorised by the cached JWT; vision models take images as URLs or bare base64.
import type { IncomingMessage } from 'node:http';
import { sendUpstream, type UpstreamCancel } from '../../transport/upstream';
import { OpenAiAdapter } from '../openai';
import { type ChatMessage, dataUrl, imageUrlOf } from '../openai-shapes';
import type { AdapterContext, RelayMode } from '../types';
import { baseUrlOf } from '../types';
import { zhipuToken } from '../zhipu/jwt';

const PATHS: Partial<Record<RelayMode, string>> = {
  chat: '/api/paas/v4/chat/completions',
  embeddings: '/api/paas/v4/embeddings',
};

/** glm-4v reads an image part's url as a link or as base64 without the data: prefix. */
function visionMessages(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((message) =>
    Array.isArray(message.content)
      ? {
          ...message,
          content: message.content.map((part) => {
            if (part.type !== 'image_url') return part;
            const url = imageUrlOf(part);
            return { type: 'image_url', image_url: { url: dataUrl(url)?.data ?? url } };
          }),
        }
      : message,
  );
}

export class ZhipuV4Adapter extends OpenAiAdapter {
  constructor() {
    super({ streamUsage: false });
  }

  override supports(mode?: RelayMode): boolean {
    return mode !== undefined && PATHS[mode] !== undefined;
  }

  async send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const token = await zhipuToken(ctx.channel.key, ctx.credentials);
    const body: Record<string, unknown> = { ...ctx.body };
    delete body.stream_options;
    if (Array.isArray(body.messages))
      body.messages = visionMessages(body.messages as ChatMessage[]);
    return sendUpstream(
      {
        url: new URL(baseUrlOf(ctx.channel) + (PATHS[ctx.mode] ?? '')),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      },
      cancel,
    );
  }
}
