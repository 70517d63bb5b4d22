// Responses → an upstream with the Responses API (capability responsesApi: OpenAI, Azure, unless
// the channel speaks chat only: api-mode.ts), forwarded as received (model mapped); the response
// id is noted so GET and DELETE find it.

import { channelTypeById } from '@switchyard/contracts';
import { ReplyText } from '../../canonical/reply-text';
import type { Usage } from '../../canonical/usage';
import type { ChannelRow } from '../../relay.repository';
import type { SseEvent } from '../../transport/sse';
import type { UpstreamRequest } from '../../transport/upstream';
import { AZURE_DEFAULT_API_VERSION } from '../../wire/azure';
import { baseUrlOf, trimBase } from '../../wire/channel';
import type { NativeRoute, NativeStreamWatch, RenderContext } from '../types';
import { lacksResponses, rememberChatOnly, servesResponses } from './api-mode';

/** The first Azure API version that serves /openai/responses. */
const AZURE_RESPONSES_VERSION = '2025-04-01-preview';

interface ResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
}

export function usageFromResponses(raw: ResponsesUsage | null | undefined): Usage | undefined {
  if (!raw) return undefined;
  const usage: Usage = {
    promptTokens: raw.input_tokens ?? 0,
    completionTokens: raw.output_tokens ?? 0,
  };
  if (raw.input_tokens_details?.cached_tokens)
    usage.cachedTokens = raw.input_tokens_details.cached_tokens;
  if (raw.output_tokens_details?.reasoning_tokens)
    usage.reasoningTokens = raw.output_tokens_details.reasoning_tokens;
  return usage;
}

const isAzure = (channel: ChannelRow) => channelTypeById(channel.type)?.family === 'azure';

/** The URL of `/responses[/{id}[tail]]` on a channel, and its auth headers. */
export function responsesEndpoint(channel: ChannelRow, id?: string, tail = ''): UpstreamRequest {
  const suffix = id ? `/${encodeURIComponent(id)}${tail}` : '';
  if (isAzure(channel)) {
    const url = new URL(`${trimBase(channel.base_url ?? '')}/openai/responses${suffix}`);
    const version =
      channel.other && channel.other >= AZURE_RESPONSES_VERSION
        ? channel.other
        : AZURE_RESPONSES_VERSION;
    url.searchParams.set('api-version', version || AZURE_DEFAULT_API_VERSION);
    return { url, headers: { 'content-type': 'application/json', 'api-key': channel.key } };
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${channel.key}`,
  };
  if (channel.openai_organization) headers['openai-organization'] = channel.openai_organization;
  return { url: new URL(`${baseUrlOf(channel)}/v1/responses${suffix}`), headers };
}

class ResponsesWatch implements NativeStreamWatch {
  usage: Usage | undefined;
  finished = false;
  /** Responses streams end with their usage, so no text is kept for counting. */
  readonly text = new ReplyText();
  private id = '';

  constructor(private readonly render: RenderContext) {}

  push(event: SseEvent): void {
    const type = event.event;
    if (
      type !== 'response.created' &&
      type !== 'response.completed' &&
      type !== 'response.incomplete' &&
      type !== 'response.failed'
    ) {
      return;
    }
    let data: { response?: { id?: string; usage?: ResponsesUsage } };
    try {
      data = JSON.parse(event.data) as typeof data;
    } catch {
      return;
    }
    if (type === 'response.created') {
      this.id = data.response?.id ?? '';
      if (this.id) this.render.record?.({ id: this.id });
      return;
    }
    this.finished = true;
    this.usage = usageFromResponses(data.response?.usage) ?? this.usage;
  }

  fail(error: { message: string }): string {
    const response = {
      id: this.id,
      object: 'response',
      status: 'failed',
      error: { code: 'server_error', message: error.message },
    };
    return `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', response })}\n\n`;
  }
}

export const responsesNative: NativeRoute = {
  accepts: (channel) => servesResponses(channel),
  unserved: lacksResponses,
  remember: rememberChatOnly,
  request: (channel, request, model) => {
    const endpoint = responsesEndpoint(channel);
    const upstreamModel = isAzure(channel) ? model.replaceAll('.', '') : model;
    const body =
      upstreamModel === request.raw.model ? request.raw : { ...request.raw, model: upstreamModel };
    return { ...endpoint, body: JSON.stringify(body) };
  },
  replyUsage(raw, render) {
    try {
      const response = JSON.parse(raw.toString('utf8')) as { id?: string; usage?: ResponsesUsage };
      if (response.id) render.record?.({ id: response.id });
      return usageFromResponses(response.usage);
    } catch {
      return undefined;
    }
  },
  watch: (render) => new ResponsesWatch(render),
};
