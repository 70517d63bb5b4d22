// One attempt on one channel: the request goes through the provider adapter (canonical form) or,
// when the channel speaks the caller's dialect, as received (native route).
import type { IncomingMessage } from 'node:http';
import { channelTypeById } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { adapterFor, policyFamilyOf } from '../adapters/registry';
import type { AdapterContext, ProviderAdapter, StreamTranslator } from '../adapters/types';
import { readChunk } from '../canonical/chunk-reader';
import { applyParamPolicy } from '../canonical/param-policy';
import type { ReplyText } from '../canonical/reply-text';
import type { ChatError } from '../canonical/types';
import { unsupportedParameter } from '../canonical/unsupported';
import type { Usage } from '../canonical/usage';
import type { Dialect, DialectRequest, NativeRoute, RenderContext } from '../dialects/types';
import type { ChannelRow } from '../relay.repository';
import { UpstreamError, upstreamErrorFrom } from '../relay-errors';
import { type SseEvent, streamReader } from '../transport/sse';
import {
  readBody,
  sendUpstream,
  type UpstreamCancel,
  UpstreamNetworkError,
} from '../transport/upstream';
import { mapStatus, networkError } from './relay-routing';

/** An adapter context on a channel row (the pipeline reads its id, mappings and health). */
export type AttemptContext = AdapterContext<ChannelRow>;

/** How an attempt talks to its channel. */
export type Route =
  | { kind: 'adapter'; adapter: ProviderAdapter }
  | { kind: 'native'; native: NativeRoute };

export interface WholeReply {
  body: Buffer | string;
  contentType: string;
  usage: Usage | undefined;
  text: string;
}

/** A streamed reply being relayed: upstream text in, frames in the caller's dialect out. */
export interface StreamPipe {
  push(chunk: string): string;
  /** Frames for what the upstream left unterminated at its end. */
  flush(): string;
  end(usage: Usage): string;
  fail(error: ChatError): string;
  readonly usage: Usage | undefined;
  readonly text: ReplyText;
  readonly finished: boolean;
}

/**
 * The parameter policy for a chat request through an adapter: what the channel's family cannot
 * carry is dropped (named in `ctx.dropped`) or refused. A chat caller's own body to an
 * OpenAI-shaped upstream goes on as sent (an OpenAI-compatible server may take top_k).
 */
export function ruleParameters(ctx: AttemptContext): void {
  if (ctx.mode !== 'chat') return;
  const family = policyFamilyOf(ctx.channel.type);
  if (!family || (family === 'openai' && !ctx.translated)) return;
  const ruled = applyParamPolicy(ctx.body, family, ctx.model);
  ctx.body = ruled.request;
  if (ruled.dropped.length > 0) ctx.dropped = ruled.dropped;
}

/** Sends the attempt; a non-2xx reply or a network failure becomes an UpstreamError. */
export async function sendAttempt(
  route: Route,
  ctx: AttemptContext,
  request: DialectRequest,
  cancel: UpstreamCancel,
): Promise<IncomingMessage> {
  let response: IncomingMessage;
  try {
    if (route.kind === 'adapter') ruleParameters(ctx);
    if (route.kind === 'native') {
      response = await sendUpstream(route.native.request(ctx.channel, request, ctx.model), cancel);
    } else if (route.adapter.send) {
      response = await route.adapter.send(ctx, cancel);
    } else {
      response = await sendUpstream(route.adapter.request(ctx), cancel);
    }
  } catch (error) {
    if (error instanceof UpstreamNetworkError) throw networkError(error.message);
    throw error;
  }
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return response;
  const raw = await readBody(response).catch(() => Buffer.alloc(0));
  throw new UpstreamError(
    mapStatus(ctx.channel, status),
    upstreamErrorFrom(status, raw.toString('utf8')),
    status,
  );
}

/**
 * Sends the attempt on `route`. A native route whose upstream turns out not to have the API (the
 * dialect's `unserved`: a chat-only server answering /v1/responses with 404) is sent again on the
 * same channel through its adapter, translated, and the channel remembers: no client sees the
 * probe. Returns the route the reply came on.
 */
export async function sendRouted(
  route: Route,
  ctx: AttemptContext,
  request: DialectRequest,
  cancel: UpstreamCancel,
  remember: { db: Db; now: number },
): Promise<{ route: Route; response: IncomingMessage }> {
  try {
    return { route, response: await sendAttempt(route, ctx, request, cancel) };
  } catch (error) {
    const native = route.kind === 'native' ? route.native : undefined;
    if (!(error instanceof UpstreamError) || !native?.unserved?.(ctx.channel, error.upstreamStatus))
      throw error;
    const adapter = adapterFor(ctx.channel.type);
    if (!adapter?.supports(request.mode)) throw error;
    await native.remember?.(remember.db, ctx.channel, remember.now);
    const uncarried = request.uncarried?.[0];
    if (uncarried) {
      throw unsupportedParameter(uncarried, channelTypeById(ctx.channel.type)?.key ?? 'OpenAI');
    }
    const translated: Route = { kind: 'adapter', adapter };
    return { route: translated, response: await sendAttempt(translated, ctx, request, cancel) };
  }
}

/** Reads a whole reply and renders it in the caller's dialect. */
export async function readWholeReply(
  route: Route,
  response: IncomingMessage,
  ctx: AttemptContext,
  dialect: Dialect,
  render: RenderContext,
): Promise<WholeReply> {
  const raw = await readBody(response).catch((error: unknown) => {
    throw networkError((error as Error).message);
  });
  const contentType = String(response.headers['content-type'] ?? 'application/json');
  if (route.kind === 'native') {
    return { body: raw, contentType, usage: route.native.replyUsage(raw, render), text: '' };
  }
  const converted = route.adapter.reply(ctx, raw, contentType);
  const rendered = dialect.renderReply(converted.body, converted.contentType, render);
  return { ...rendered, usage: converted.usage, text: converted.text };
}

/** The pipe for a streamed reply on this route. */
export function streamPipe(
  route: Route,
  ctx: AttemptContext,
  dialect: Dialect,
  render: RenderContext,
): StreamPipe {
  if (route.kind === 'native') return nativePipe(route.native, render);
  return translatedPipe(route.adapter, ctx, dialect, render);
}

/**
 * The upstream's events translated and rendered in the caller's dialect. A renderer that reads
 * the chunks gets them parsed here, once, and the translator is shown the parsed form too.
 */
function frames(
  translator: StreamTranslator,
  renderer: ReturnType<Dialect['streamRenderer']>,
  events: SseEvent[],
): string {
  let out = '';
  for (const event of events) {
    for (const payload of translator.push(event)) {
      if (renderer.parsedChunk) {
        const chunk = readChunk(payload);
        translator.parsed?.(payload, chunk);
        out += renderer.parsedChunk(chunk);
      } else out += renderer.chunk(payload);
    }
  }
  return out;
}

function translatedPipe(
  adapter: ProviderAdapter,
  ctx: AttemptContext,
  dialect: Dialect,
  render: RenderContext,
): StreamPipe {
  const reader = streamReader(adapter.streamFraming);
  const translator: StreamTranslator = adapter.stream(ctx);
  const renderer = dialect.streamRenderer(render);
  return {
    push(chunk) {
      return frames(translator, renderer, reader.push(chunk));
    },
    flush() {
      return frames(translator, renderer, reader.flush());
    },
    end(usage) {
      return renderer.end(usage);
    },
    fail(error) {
      return renderer.fail(error);
    },
    get usage() {
      return translator.usage;
    },
    get text() {
      return translator.text;
    },
    get finished() {
      return translator.finished;
    },
  };
}

/** Same dialect in and out: the upstream's bytes go to the client as they come, watched. */
function nativePipe(native: NativeRoute, render: RenderContext): StreamPipe {
  const reader = streamReader('sse');
  const watch = native.watch(render);
  return {
    push(chunk) {
      for (const event of reader.push(chunk)) watch.push(event);
      return chunk;
    },
    flush() {
      for (const event of reader.flush()) watch.push(event);
      return '';
    },
    end() {
      return '';
    },
    fail(error) {
      return watch.fail(error);
    },
    get usage() {
      return watch.usage;
    },
    get text() {
      return watch.text;
    },
    get finished() {
      return watch.finished;
    },
  };
}
