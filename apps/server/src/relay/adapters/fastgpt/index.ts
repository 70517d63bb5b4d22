// FastGPT (type 22): an app's OpenAI-compatible chat at {base}/v1/chat/completions with the
// `APIKey-AppId` key as the bearer token (FastGPT's compatibility form for app keys). Its errors
// are `{code, statusText, message}`; statusText unAuth… means the key was refused.
import type { IncomingMessage } from 'node:http';
import type { UpstreamCancel } from '../../transport/upstream';
import { OpenAiAdapter } from '../openai';
import { AUTH_FAILED, errorResponse, isRecord, sendCheckingJson } from '../transport';
import type { AdapterContext, RelayMode } from '../types';

export class FastGptAdapter extends OpenAiAdapter {
  constructor() {
    super({ streamUsage: false });
  }

  override supports(mode?: RelayMode): boolean {
    return mode === 'chat';
  }

  send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const request = this.request(ctx);
    const body = JSON.parse(String(request.body)) as Record<string, unknown>;
    // detail:false keeps the reply in OpenAI's shape (no per-node flow responses).
    request.body = JSON.stringify({ ...body, detail: false });
    return sendCheckingJson(request, cancel, (reply, status) => {
      if (status < 400 || !isRecord(reply) || typeof reply.statusText !== 'string') return null;
      const message = String(reply.message || reply.statusText);
      return /^unAuth/i.test(reply.statusText)
        ? errorResponse(AUTH_FAILED, message, reply.statusText, 'authentication_error')
        : errorResponse(status, message, reply.statusText);
    });
  }
}
