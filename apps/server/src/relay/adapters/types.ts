// The one interface every provider adapter implements: build the upstream request from the
// canonical form (an OpenAI chat body, see ../canonical/types.ts), turn the upstream's reply
// (whole or streamed) into OpenAI's shape, and report usage.
import type { IncomingMessage } from 'node:http';
import type { CanonicalBody, RelayMode } from '../canonical/body';
import type { ReplyText } from '../canonical/reply-text';
import type { ChatRequest, ChunkChoices } from '../canonical/types';
import type { Usage } from '../canonical/usage';
import type { SseEvent, StreamFraming } from '../transport/sse';
import type { UpstreamCancel, UpstreamRequest } from '../transport/upstream';
import type { ChannelTarget } from '../wire/channel';
import type { SharedCredentials } from './credential-cache';

export { baseUrlOf, type ChannelTarget, type RelayMode, trimBase } from '../wire/channel';

/**
 * What an adapter is handed: the canonical request typed by mode (../canonical/body.ts; a
 * ChatRequest for 'chat', the endpoint's OpenAI body otherwise) with the model already mapped,
 * and the attempt's particulars. Narrow on `mode` to read the body.
 */
export type AdapterContext<C extends ChannelTarget = ChannelTarget> = AdapterContextFields<C> &
  CanonicalBody;

interface AdapterContextFields<C extends ChannelTarget> {
  /** The channel as an upstream target; the pipeline's contexts carry the whole row. */
  channel: C;
  /** The upstream model name (after the channel's model mapping). */
  model: string;
  stream: boolean;
  /** The client asked for a usage chunk at the end of the stream. */
  includeUsage: boolean;
  /** An audio upload sent on as multipart (its model field already mapped). */
  multipart?: { data: Buffer; contentType: string };
  /**
   * Headers of the client's request an upstream of the same family understands (for example
   * anthropic-version and anthropic-beta), lower-case names. Empty when there are none.
   */
  clientHeaders?: Record<string, string>;
  /**
   * The body was translated from another dialect and may hold the canonical extension fields
   * (thinking_blocks, cache_control, thinking_budget…): an OpenAI-shaped upstream gets them
   * converted or refused. False for chat requests, which pass through as sent.
   */
  translated?: boolean;
  /** Parameters the parameter policy dropped for this channel (canonical/param-policy.ts). */
  dropped?: string[];
  /** Where short-lived provider credentials (Baidu, Zhipu) are shared by the nodes (Redis). */
  credentials?: SharedCredentials | undefined;
}

/** The canonical chat request of a chat-only adapter's context (it supports no other mode). */
export function chatBody(ctx: AdapterContext): ChatRequest {
  if (ctx.mode !== 'chat') throw new Error(`a ${ctx.mode} request reached a chat-only adapter`);
  return ctx.body;
}

export interface ConvertedReply {
  /**
   * A canonical ChatCompletion as JSON (tool_calls, finish_reason and the usage details of
   * ../canonical/types.ts included); the pipeline renders it in the caller's dialect.
   */
  body: string | Buffer;
  contentType: string;
  usage: Usage | undefined;
  /** Completion text, counted when the upstream gives no usage. */
  text: string;
}

/** Turns one upstream stream into OpenAI chunks; keeps what billing needs. */
export interface StreamTranslator {
  /** Canonical ChatChunk JSON payloads for one upstream event (may be none). */
  push(event: SseEvent): string[];
  /**
   * Called with a payload push() just returned and its parsed form, when the renderer parsed it:
   * what the translator would parse again later it can read from here.
   */
  parsed?(payload: string, chunk: ChunkChoices): void;
  /** Usage the upstream reported, if any. */
  readonly usage: Usage | undefined;
  /** Completion text delivered so far (bounded: its head and its length). */
  readonly text: ReplyText;
  /** True once the upstream said the reply is complete. */
  readonly finished: boolean;
}

export interface ProviderAdapter {
  /** How the upstream frames a streamed reply (SSE unless said otherwise). */
  readonly streamFraming?: StreamFraming;
  supports(mode: RelayMode): boolean;
  request(ctx: AdapterContext): UpstreamRequest;
  /** A successful non-stream reply in the upstream's format. */
  reply(ctx: AdapterContext, raw: Buffer, contentType: string): ConvertedReply;
  stream(ctx: AdapterContext): StreamTranslator;
  /**
   * For providers whose transport is not one HTTP request through sendUpstream (a WebSocket,
   * a vendor SDK): when present the pipeline calls it instead of `sendUpstream(request(ctx))`.
   * It resolves with what sendUpstream resolves with (a response whose body the pipeline reads
   * through reply/stream; a non-2xx status becomes an upstream error) and honours `cancel`
   * (`cancel.cancelled`, or attach what destroys its call); it rejects with
   * UpstreamNetworkError when the provider cannot be reached. `request(ctx)` may then throw: it
   * is not called.
   */
  send?(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage>;
}

export const CHAT_ID_PREFIX = 'chatcmpl-';

export const unixNow = (): number => Math.floor(Date.now() / 1000);
