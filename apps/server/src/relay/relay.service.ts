// One relayed request from admission to the consume log: pick a channel, reserve quota, call the
// upstream through its adapter (retrying other channels), deliver the reply, settle or refund.
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type Language, LogType } from '@switchyard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { languageOf, translate } from '../i18n';
import type { OptionsStore } from '../modules/options/options.store';
import { usageChunkBody } from './adapters/openai-shapes';
import { adapterFor } from './adapters/registry';
import type {
  AdapterContext,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from './adapters/types';
import { admitCaller, assertHasQuota, assertModelAllowed, type RelayCaller } from './admission';
import type { Billing, PriceQuote, Reservation, Usage } from './billing';
import type { ChannelHealth } from './channel-health';
import type { CandidateRow, ChannelRow } from './relay.repository';
import { RelayError, UpstreamError, upstreamErrorFrom } from './relay-errors';
import {
  countPromptTokens,
  type ParsedRelayBody,
  parseMultipartBody,
  parseRelayBody,
  promptText,
  withMultipartModel,
} from './relay-request';
import { planChannels, type Random } from './selection';
import { findSensitiveWords } from './sensitive';
import { sseFrame, streamReader } from './sse';
import { countText } from './tokenizer';
import { readBody, sendUpstream, UpstreamCancel, UpstreamNetworkError } from './upstream';

/** No byte from a streaming upstream for this long ends the stream. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export interface RelayDeps {
  db: Db;
  options: OptionsStore;
  billing: Billing;
  health: ChannelHealth;
  now: () => number;
  random?: Random;
}

/** Why a delivered stream ended early: the client left or the upstream broke off. */
export type StreamCut = 'client' | 'upstream' | null;

interface Delivery {
  usage: Usage | undefined;
  text: string;
  cut: StreamCut;
  /** Milliseconds from the start to the first byte sent to the client. */
  firstByteMs: number;
  delivered: boolean;
  /** Streams only: ends the client's stream once the usage is known (usage chunk, [DONE]). */
  close?: (usage: Usage) => void;
}

/** Status code mapping of a channel (`{"400":"500"}`), applied to upstream errors. */
export function mapStatus(channel: ChannelRow, status: number): number {
  if (!channel.status_code_mapping || status === 200) return status;
  try {
    const mapping = JSON.parse(channel.status_code_mapping) as Record<string, unknown>;
    const mapped = Number(mapping[String(status)]);
    return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
  } catch {
    return status;
  }
}

/** The channel's upstream name for a model (model_mapping), else the model itself. */
export function mapModel(channel: ChannelRow, model: string): string {
  if (!channel.model_mapping) return model;
  try {
    const mapping = JSON.parse(channel.model_mapping) as Record<string, unknown>;
    const mapped = mapping[model];
    return typeof mapped === 'string' && mapped ? mapped : model;
  } catch {
    return model;
  }
}

/** Retry on rate limits, server errors (not gateway timeouts) and failures of the channel's key. */
export function shouldRetry(status: number): boolean {
  if (status === 429 || status === 307 || status === 0) return true;
  if (status >= 500) return status !== 504 && status !== 524;
  return status === 401 || status === 403 || status === 404;
}

/** The upstream could not be reached or broke off: 502, retried on another channel. */
const networkError = (message: string): UpstreamError =>
  new UpstreamError(
    502,
    { message, type: 'upstream_error', param: null, code: 'upstream_unreachable' },
    0,
  );

export const newRequestId = (): string =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export class RelayService {
  constructor(private readonly deps: RelayDeps) {}

  /** Admission for a /v1 request without a body (models, billing endpoints). */
  admit(request: FastifyRequest): Promise<RelayCaller> {
    return admitCaller(this.deps.db, request.headers.authorization, this.deps.now());
  }

  async handle(request: FastifyRequest, reply: FastifyReply, mode: RelayMode): Promise<void> {
    const started = performance.now();
    const language = languageOf(request);
    const caller = await this.admit(request);
    const parsed =
      mode === 'transcriptions' || mode === 'translations'
        ? parseMultipartBody(mode, request.body, request.headers['content-type'])
        : parseRelayBody(mode, request.body);
    assertModelAllowed(caller, parsed.model);
    assertHasQuota(caller);
    const words = findSensitiveWords(this.deps.options, promptText(mode, parsed.body));
    if (words.length > 0) {
      throw new RelayError(400, 'relay.sensitiveWords', 'sensitive_words_detected', {
        words: words.join(', '),
      });
    }
    const plan = await planChannels(
      this.deps.db,
      caller.group,
      parsed.model,
      caller.pinnedChannelId,
      this.deps.random,
    );
    const first = plan.next() as CandidateRow;
    const firstModel = mapModel(first, parsed.model);
    const quote = this.deps.billing.quote(firstModel, caller.group);
    const reservation = await this.deps.billing.reserve(
      caller,
      await this.estimate(mode, parsed, quote),
    );

    // A client that goes away aborts the upstream call (the response's close, not req.destroyed).
    const cancel = new UpstreamCancel();
    const onClose = () => {
      if (!reply.raw.writableFinished) cancel.cancel();
    };
    reply.raw.once('close', onClose);

    const retries = caller.pinnedChannelId === null ? this.deps.options.getInt('RetryTimes') : 0;
    let channel: CandidateRow | undefined = first;
    let lastError: UpstreamError | RelayError | undefined;
    for (let attempt = 0; channel && attempt <= retries; attempt += 1) {
      const adapter = adapterFor(channel.type);
      if (!adapter?.supports(mode)) {
        lastError = new RelayError(400, 'relay.unsupportedEndpoint', 'unsupported_endpoint');
        channel = plan.next();
        continue;
      }
      const model = mapModel(channel, parsed.model);
      const ctx: AdapterContext = {
        mode,
        channel,
        model,
        body: { ...parsed.body, model },
        stream: parsed.stream,
        includeUsage: parsed.includeUsage,
      };
      if (parsed.multipart) {
        ctx.multipart = {
          data: withMultipartModel(parsed.multipart.data, model),
          contentType: parsed.multipart.contentType,
        };
      }
      try {
        const response = await this.call(adapter, ctx, cancel);
        this.deps.health.succeeded(channel.id);
        const delivery = parsed.stream
          ? await this.deliverStream(reply, response, adapter, ctx, started)
          : await this.deliverReply(reply, response, adapter, ctx, started);
        await this.finish({
          caller,
          parsed,
          ctx,
          reservation,
          quote,
          delivery,
          started,
          language,
          tried: plan.tried,
        });
        return;
      } catch (error) {
        if (cancel.cancelled) {
          await this.deps.billing.refund(reservation);
          if (!reply.sent) reply.hijack();
          return;
        }
        if (!(error instanceof UpstreamError)) {
          await this.deps.billing.refund(reservation);
          throw error;
        }
        lastError = error;
        await this.deps.health.failed(channel, error);
        if (!shouldRetry(error.status)) break;
        channel = plan.next();
      }
    }
    reply.raw.off('close', onClose);
    await this.deps.billing.refund(reservation);
    throw (
      lastError ??
      new RelayError(503, 'relay.noChannel', 'model_not_found', {
        model: parsed.model,
        group: caller.group,
      })
    );
  }

  /** The reservation: an image's full price, prompt + max_tokens, or PreConsumedQuota tokens. */
  private async estimate(mode: RelayMode, parsed: ParsedRelayBody, quote: PriceQuote) {
    const { billing, options } = this.deps;
    if (mode === 'images') return billing.imageCost(quote, parsed.body);
    const tokens =
      parsed.maxTokens > 0
        ? (await countPromptTokens(mode, quote.model, parsed.body)) + parsed.maxTokens
        : options.getInt('PreConsumedQuota');
    return billing.estimate(quote, tokens);
  }

  /** Sends the request; a non-2xx reply or a network failure becomes an UpstreamError. */
  private async call(
    adapter: ProviderAdapter,
    ctx: AdapterContext,
    cancel: UpstreamCancel,
  ): Promise<IncomingMessage> {
    let response: IncomingMessage;
    try {
      response = await (adapter.send
        ? adapter.send(ctx, cancel)
        : sendUpstream(adapter.request(ctx), cancel));
    } catch (error) {
      if (error instanceof UpstreamNetworkError) {
        throw networkError(error.message);
      }
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

  private async deliverReply(
    reply: FastifyReply,
    response: IncomingMessage,
    adapter: ProviderAdapter,
    ctx: AdapterContext,
    started: number,
  ): Promise<Delivery> {
    const raw = await readBody(response).catch((error: unknown) => {
      throw networkError((error as Error).message);
    });
    const contentType = String(response.headers['content-type'] ?? 'application/json');
    const converted = adapter.reply(ctx, raw, contentType);
    const firstByteMs = Math.round(performance.now() - started);
    await reply.code(200).header('content-type', converted.contentType).send(converted.body);
    return {
      usage: converted.usage,
      text: converted.text,
      cut: null,
      firstByteMs,
      delivered: true,
    };
  }

  /** Pipes the upstream's events to the client chunk by chunk, pausing while the client is slow. */
  private deliverStream(
    reply: FastifyReply,
    response: IncomingMessage,
    adapter: ProviderAdapter,
    ctx: AdapterContext,
    started: number,
  ): Promise<Delivery> {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const translator: StreamTranslator = adapter.stream(ctx);
    const reader = streamReader(adapter.streamFraming);
    let firstByteMs = -1;
    let usageSent = false;
    response.setEncoding('utf8');
    response.setTimeout(STREAM_IDLE_TIMEOUT_MS, () => response.destroy(new Error('idle upstream')));

    const forward = (payloads: string[]) => {
      if (payloads.length === 0) return;
      if (firstByteMs < 0) firstByteMs = Math.round(performance.now() - started);
      let frames = '';
      for (const payload of payloads) {
        if (payload.includes('"usage":{')) usageSent = true;
        frames += sseFrame(payload);
      }
      if (!out.write(frames)) {
        response.pause();
        out.once('drain', () => response.resume());
      }
    };

    return new Promise<Delivery>((resolve) => {
      let settled = false;
      const done = (cut: StreamCut) => {
        if (settled) return;
        settled = true;
        out.off('close', onClientClose);
        if (cut === null && !out.destroyed) {
          for (const event of reader.flush()) forward(translator.push(event));
        }
        const close = (usage: Usage) => {
          if (out.destroyed) return;
          if (ctx.includeUsage && !usageSent) {
            forward([usageChunkBody(`chatcmpl-${Date.now()}`, ctx.model, usage)]);
          }
          // A stream the upstream broke off ends without [DONE], so the client can tell.
          out.end(cut === null ? 'data: [DONE]\n\n' : undefined);
        };
        resolve({
          usage: translator.usage,
          text: translator.text,
          cut,
          firstByteMs,
          delivered: firstByteMs >= 0,
          close,
        });
      };
      const onClientClose = () => {
        if (!out.writableFinished) {
          response.destroy();
          done('client');
        }
      };
      out.once('close', onClientClose);
      response.on('data', (chunk: string) => {
        for (const event of reader.push(chunk)) forward(translator.push(event));
      });
      response.once('end', () => done(translator.finished ? null : 'upstream'));
      response.once('error', () => done(out.destroyed ? 'client' : 'upstream'));
      response.once('close', () => {
        if (!response.complete) done(out.destroyed ? 'client' : 'upstream');
      });
    });
  }

  private async finish(input: {
    caller: RelayCaller;
    parsed: ParsedRelayBody;
    ctx: AdapterContext;
    reservation: Reservation;
    quote: PriceQuote;
    delivery: Delivery;
    started: number;
    language: Language;
    tried: readonly number[];
  }): Promise<void> {
    const { caller, ctx, delivery, reservation } = input;
    if (!delivery.delivered) {
      delivery.close?.({ promptTokens: 0, completionTokens: 0 });
      await this.deps.billing.refund(reservation);
      return;
    }
    const quote =
      ctx.model === input.quote.model
        ? input.quote
        : this.deps.billing.quote(ctx.model, caller.group);
    let usage = delivery.usage;
    const counted = usage === undefined;
    if (!usage) {
      usage = {
        promptTokens: await countPromptTokens(ctx.mode, ctx.model, input.parsed.body),
        completionTokens: await countText(ctx.model, delivery.text),
      };
    }
    delivery.close?.(usage);
    // Images are priced per picture (size, quality, n), not by tokens.
    const cost =
      ctx.mode === 'images'
        ? this.deps.billing.imageCost(quote, input.parsed.body)
        : this.deps.billing.cost(quote, usage);
    const elapsed = performance.now() - input.started;
    const log = this.deps.options.getBool('LogConsumeEnabled')
      ? {
          user_id: caller.userId,
          username: caller.username,
          created_at: this.deps.now(),
          type: LogType.consume,
          content: logContent(input.language, quote, delivery.cut),
          token_name: caller.tokenName,
          model_name: ctx.model,
          prompt_tokens: usage.promptTokens,
          completion_tokens: usage.completionTokens,
          use_time: Math.round(elapsed / 1000),
          is_stream: ctx.stream ? 1 : 0,
          channel_id: ctx.channel.id,
          token_id: caller.tokenId,
          other: JSON.stringify({
            frt: delivery.firstByteMs,
            model_ratio: quote.modelRatio,
            model_price: quote.modelPrice,
            completion_ratio: quote.completionRatio,
            group_ratio: quote.groupRatio,
            admin_info: { use_channel: [...input.tried] },
            ...(delivery.cut ? { stream_cut: delivery.cut } : {}),
            ...(counted ? { usage_counted: true } : {}),
          }),
        }
      : null;
    await this.deps.billing.settle(reservation, { cost, channelId: ctx.channel.id, log });
  }
}

/** Log texts by language, price and cut: a handful of distinct texts, built once each. */
const logContents = new Map<string, string>();
const LOG_CONTENTS_KEPT = 1000;

function logContent(language: Language, quote: PriceQuote, cut: StreamCut): string {
  const key = `${language}|${quote.perCall}|${quote.modelPrice}|${quote.modelRatio}|${quote.groupRatio}|${quote.completionRatio}|${cut}`;
  let content = logContents.get(key);
  if (content === undefined) {
    if (logContents.size >= LOG_CONTENTS_KEPT) logContents.clear();
    content = buildLogContent(language, quote, cut);
    logContents.set(key, content);
  }
  return content;
}

function buildLogContent(language: Language, quote: PriceQuote, cut: StreamCut): string {
  const fixed = (value: number) => value.toFixed(2);
  const base = quote.perCall
    ? translate(language, 'relay.logPrice', {
        modelPrice: fixed(quote.modelPrice),
        groupRatio: fixed(quote.groupRatio),
      })
    : translate(language, 'relay.logRatio', {
        modelRatio: fixed(quote.modelRatio),
        groupRatio: fixed(quote.groupRatio),
        completionRatio: fixed(quote.completionRatio),
      });
  return cut ? base + translate(language, 'relay.logCut') : base;
}
