// OpenAI chat completions (and the other OpenAI endpoints): the canonical form itself, so
// replies and chunks pass through untouched; errors are OpenAI's `{error:{…}}`.

import { hasUsageObject } from '../../canonical/chunk-reader';
import type { ChatError } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { chatUsageOf } from '../../canonical/usage';
import { sseFrame } from '../../transport/sse';
import type { Dialect, RenderContext, StreamRenderer } from '../types';

export const DONE_FRAME = 'data: [DONE]\n\n';

class ChatStreamRenderer implements StreamRenderer {
  private usageSent = false;

  constructor(private readonly ctx: RenderContext) {}

  chunk(payload: string): string {
    if (!this.usageSent && hasUsageObject(payload)) this.usageSent = true;
    return sseFrame(payload);
  }

  end(usage: Usage): string {
    if (!this.ctx.includeUsage || this.usageSent) return DONE_FRAME;
    const chunk = {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: this.ctx.model,
      choices: [],
      usage: chatUsageOf(usage),
    };
    return sseFrame(JSON.stringify(chunk)) + DONE_FRAME;
  }

  /** OpenAI's mid-stream error chunk, and no [DONE]: SDKs raise it as an APIError. */
  fail(error: ChatError): string {
    return sseFrame(JSON.stringify({ error }));
  }
}

export const chatDialect: Dialect = {
  name: 'chat',
  renderReply: (body, contentType) => ({ body, contentType }),
  streamRenderer: (ctx) => new ChatStreamRenderer(ctx),
  renderError: (status, error) => ({ status, body: { error } }),
};
