// A dialect is one ingress API (OpenAI chat, Anthropic Messages, OpenAI Responses, Gemini): it
// parses its requests into the canonical form and renders canonical replies, stream chunks and
// errors back in its own wire format. A dialect whose API a provider family speaks natively
// also forwards requests to that family as received (`native`).

import type { Db } from '../../db/database';
import type { CanonicalBody } from '../canonical/body';
import type { ReplyText } from '../canonical/reply-text';
import type { ChatError, ChunkChoices } from '../canonical/types';
import type { Usage } from '../canonical/usage';
import type { ChannelRow } from '../relay.repository';
import type { SseEvent } from '../transport/sse';
import type { UpstreamRequest } from '../transport/upstream';

export type DialectName = 'chat' | 'anthropic' | 'responses' | 'gemini';

/**
 * A parsed request: the typed canonical body for the adapters (by mode, ../canonical/body.ts),
 * the client's body as received beside it, and what the pipeline needs.
 */
export type DialectRequest = DialectRequestFields & CanonicalBody;

interface DialectRequestFields {
  /**
   * The client's body as received, in its own dialect: what a native route forwards to a
   * same-family upstream (the pass-through), never read by an adapter.
   */
  raw: Record<string, unknown>;
  model: string;
  stream: boolean;
  /**
   * A chat client asked for the usage chunk (stream_options.include_usage); the other dialects
   * carry usage in their own closing events, so their renderers are not sent it.
   */
  includeUsage: boolean;
  /** Output token limit asked for (0: none), for the reservation. */
  maxTokens: number;
  /** Client headers a same-family upstream understands (anthropic-version…). */
  clientHeaders: Record<string, string>;
  multipart?: { data: Buffer; contentType: string };
  /** The body was translated from another dialect (canonical extension fields may be set). */
  translated?: boolean;
  /** The request cannot go as received (it builds on a reply only the gateway holds). */
  noNative?: boolean;
  /** The one channel that can serve it (it builds on a reply only that upstream holds). */
  channelId?: number;
  /**
   * The conversation's affinity name when the request itself names none (a chain of replies the
   * gateway holds); a session header or body field that names one wins (affinity/).
   */
  conversationKey?: string;
  /**
   * What the request asks for that the canonical form cannot carry (field or block names):
   * harmless on a native route, a 400 naming the first when the request must be translated.
   */
  uncarried?: string[];
}

/** What a dialect that keeps its replies (Responses) is told about the reply it rendered. */
export interface RecordedReply {
  id: string;
  /** The whole reply object as JSON text (serialised once, as sent), when the gateway made it. */
  response?: string;
  /** The assistant's turn in canonical form, when the gateway made it. */
  output?: Record<string, unknown>;
}

/** What a renderer knows about the reply it renders. */
export interface RenderContext {
  /** The upstream model name (after mapping). */
  model: string;
  /** The channel of the attempt being rendered. */
  channelId?: number;
  includeUsage: boolean;
  request: DialectRequest;
  /** Set by an ingress that keeps replies; renderers and native watches report to it. */
  record?: (reply: RecordedReply) => void;
}

export interface RenderedBody {
  body: string | Buffer;
  contentType: string;
}

/** Renders one streamed reply: canonical chunks in, the dialect's frames out. */
export interface StreamRenderer {
  /** Frames for one canonical chunk payload (ChatChunk JSON text); may be empty. */
  chunk(payload: string): string;
  /**
   * The same for a payload already parsed. A renderer that reads the chunks has it, and the
   * pipe then parses each payload once for it and the adapter's stream (see
   * StreamTranslator.parsed).
   */
  parsedChunk?(chunk: ChunkChoices): string;
  /** Frames that end a complete stream, once its usage is known. */
  end(usage: Usage): string;
  /** The dialect's error event for a stream the upstream broke off. */
  fail(error: ChatError): string;
}

/** Forwards requests unchanged to an upstream that speaks the dialect itself. */
export interface NativeRoute {
  /** The upstream speaks this dialect (by the channel-type registry's family). */
  accepts(channel: ChannelRow): boolean;
  /**
   * The upstream's error status says it lacks this API: the attempt goes through the channel's
   * adapter instead (translated), and `remember` is told so the channel is translated next time.
   */
  unserved?(channel: ChannelRow, status: number): boolean;
  remember?(db: Db, channel: ChannelRow, now: number): Promise<void>;
  request(channel: ChannelRow, request: DialectRequest, model: string): UpstreamRequest;
  /** Usage of a whole reply, undefined when it has none. */
  replyUsage(raw: Buffer, render: RenderContext): Usage | undefined;
  /** Watches forwarded stream events for usage and the end. */
  watch(render: RenderContext): NativeStreamWatch;
}

export interface NativeStreamWatch {
  push(event: SseEvent): void;
  readonly usage: Usage | undefined;
  readonly finished: boolean;
  /** Output text seen, counted when the stream reports no usage. */
  readonly text: ReplyText;
  /** The dialect's error event for a stream cut short. */
  fail(error: ChatError): string;
}

export interface RenderedError {
  status: number;
  body: unknown;
}

export interface Dialect {
  readonly name: DialectName;
  renderReply(completion: Buffer | string, contentType: string, ctx: RenderContext): RenderedBody;
  streamRenderer(ctx: RenderContext): StreamRenderer;
  /** The dialect's error body (and status) for a canonical error. */
  renderError(status: number, error: ChatError): RenderedError;
  readonly native?: NativeRoute;
}
