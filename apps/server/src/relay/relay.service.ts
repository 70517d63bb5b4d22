// One relayed request, in stages: parse (the caller's dialect → canonical form) → admit (token,
// model, quota, prompt check) → plan (channels) → reserve (quota) → attempt (adapter or native
// route, retrying other channels) → deliver (rendered in the caller's dialect) → settle (cost
// and consume log) or refund. Billing, retries, selection and logging live here for all dialects.
import { performance } from 'node:perf_hooks';
import { channelTypeById } from '@switchyard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { languageOf } from '../i18n';
import type { OptionsStore } from '../modules/options/options.store';
import { adapterFor } from './adapters/registry';
import type { AdapterContext } from './adapters/types';
import { admitCaller, assertHasQuota, assertModelAllowed, type RelayCaller } from './admission';
import type { Billing, PriceQuote } from './billing';
import { unsupportedParameter } from './canonical/unsupported';
import type { ChannelHealth } from './channel-health';
import type { Dialect, DialectRequest, RenderContext } from './dialects/types';
import type { CandidateRow } from './relay.repository';
import { type Route, readWholeReply, sendAttempt, streamPipe } from './relay-attempt';
import { type Delivery, deliverReply, deliverStream } from './relay-delivery';
import { RelayError, UpstreamError } from './relay-errors';
import { RelayReport, type ReportSinks } from './relay-report';
import { countPromptTokens, promptText, withMultipartModel } from './relay-request';
import { mapModel, shouldRetry } from './relay-routing';
import { settleDelivery } from './relay-settle';
import { planChannels, type Random } from './selection';
import { findSensitiveWords } from './sensitive';
import { UpstreamCancel } from './upstream';

export { STREAM_IDLE_TIMEOUT_MS, type StreamCut } from './relay-delivery';
export { mapModel, mapStatus, newRequestId, shouldRetry } from './relay-routing';

export interface RelayDeps {
  db: Db;
  options: OptionsStore;
  billing: Billing;
  health: ChannelHealth;
  now: () => number;
  random?: Random;
  /** Limits, status-page outcomes and the ops observer (each optional). */
  sinks?: ReportSinks;
}

/** One ingress API: its dialect, how its requests are read and where its key travels. */
export interface Ingress {
  dialect: Dialect;
  /** Reads the request (after admission: a dialect may look up the caller's earlier replies). */
  parse(request: FastifyRequest, caller: RelayCaller): DialectRequest | Promise<DialectRequest>;
  /** The API key as the dialect carries it (Authorization unless said otherwise). */
  key?(request: FastifyRequest): string | undefined;
  /** Called before the first attempt (an ingress that keeps replies sets render.record). */
  prepare?(render: RenderContext, caller: RelayCaller): void;
  /** Called once the reply was delivered, with the channel that made it. */
  finish?(
    render: RenderContext,
    caller: RelayCaller,
    channel: CandidateRow,
    native: boolean,
  ): Promise<void>;
}

export class RelayService {
  constructor(private readonly deps: RelayDeps) {}

  /** Admission for a /v1 request without a body (models, billing endpoints). */
  admit(request: FastifyRequest, key?: string): Promise<RelayCaller> {
    return admitCaller(this.deps.db, key ?? request.headers.authorization, this.deps.now());
  }

  async handle(request: FastifyRequest, reply: FastifyReply, ingress: Ingress): Promise<void> {
    const started = performance.now();
    const { dialect } = ingress;
    // Stage 1–2: admit the caller, then read the request in its dialect.
    const caller = await this.admit(request, ingress.key?.(request));
    const parsed = await ingress.parse(request, caller);
    this.check(caller, parsed);
    // Stage 3: the channels that serve the model, best first.
    const plan = await planChannels(
      this.deps.db,
      caller.group,
      parsed.model,
      caller.pinnedChannelId,
      this.deps.random,
    );
    const first = plan.next() as CandidateRow;
    // Stage 4: reserve the estimate before any upstream call.
    const quote = this.deps.billing.quote(mapModel(first, parsed.model), caller.group);
    const estimate = await this.estimate(parsed, quote);
    const report = new RelayReport(
      this.deps.sinks ?? {},
      request,
      dialect.name,
      parsed.model,
      started,
    );
    // Limits after the estimate (TPM and the window need it), before anything is reserved.
    await report.admit(caller, reply, estimate.tokens, estimate.quota);
    const reservation = await this.deps.billing
      .reserve(caller, estimate.quota, { model: quote.model, stream: parsed.stream })
      .catch(async (error: unknown) => {
        await report.failed('rejected', error);
        throw error;
      });
    const render: RenderContext = {
      model: quote.model,
      includeUsage: parsed.includeUsage,
      request: parsed,
    };
    ingress.prepare?.(render, caller);

    // A client that goes away aborts the upstream call (the response's close, not req.destroyed).
    const cancel = new UpstreamCancel();
    const onClose = () => {
      if (!reply.raw.writableFinished) cancel.cancel();
    };
    reply.raw.once('close', onClose);

    // Stage 5: attempts, one channel each, until one answers or a failure is not worth retrying.
    const retries = caller.pinnedChannelId === null ? this.deps.options.getInt('RetryTimes') : 0;
    let channel: CandidateRow | undefined = first;
    let lastError: UpstreamError | RelayError | undefined;
    for (let attempt = 0; channel && attempt <= retries; attempt += 1) {
      const route = routeFor(dialect, channel, parsed);
      if (!route) {
        lastError = new RelayError(400, 'relay.unsupportedEndpoint', 'unsupported_endpoint');
        channel = plan.next();
        continue;
      }
      const uncarried = route.kind === 'adapter' ? parsed.uncarried?.[0] : undefined;
      if (uncarried) {
        lastError = unsupportedParameter(uncarried, channelTypeName(channel));
        channel = plan.next();
        continue;
      }
      const ctx = attemptContext(channel, parsed);
      render.model = ctx.model;
      report.upstreamStart(channel, ctx.model);
      try {
        const response = await sendAttempt(route, ctx, parsed, cancel);
        this.deps.health.succeeded(channel.id);
        // Stage 6: deliver in the caller's dialect. A kept whole reply is kept before it is
        // sent, so the client can refer to it at once.
        const keep = () =>
          ingress.finish
            ? ingress
                .finish(render, caller, channel as CandidateRow, route.kind === 'native')
                .catch((error: unknown) =>
                  request.log.warn({ err: error }, 'keeping the reply failed'),
                )
            : undefined;
        let delivery: Delivery;
        if (parsed.stream) {
          const pipe = streamPipe(route, ctx, dialect, render);
          // What has gone out, for the journal: a crash bills the delivered part.
          this.deps.billing.streaming(reservation, quote, parsed.maxTokens, () => pipe.text);
          delivery = await deliverStream(reply, response, pipe, started);
        } else {
          const whole = await readWholeReply(route, response, ctx, dialect, render);
          await keep();
          delivery = await deliverReply(reply, whole, started);
        }
        report.upstreamEnd();
        // Stage 7: the real cost and the consume log.
        const settled = await settleDelivery(
          this.deps,
          {
            caller,
            request: parsed,
            dialect: dialect.name,
            ctx,
            reservation,
            quote,
            delivery,
            elapsedMs: performance.now() - started,
            language: languageOf(request),
            tried: plan.tried,
            onCost: (usage, cost) => report.settleLease(usage, cost),
          },
          () => report.settlementSpan(),
        );
        if (settled) {
          await report.served({
            channel,
            responseModel: ctx.model,
            delivery,
            usage: settled.usage,
            charged: settled.charged,
            stream: parsed.stream,
          });
        } else await report.failed('cancelled');
        // After settling: a stream's last frames (where a kept reply is complete) are written there.
        // (A whole reply was kept before it was sent: keeping it again here could bring back a
        // response the client deleted in between.)
        if (parsed.stream && ingress.finish && delivery.delivered && !delivery.cut) {
          await ingress
            .finish(render, caller, channel, route.kind === 'native')
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'keeping the reply failed'),
            );
        }
        return;
      } catch (error) {
        report.upstreamEnd(error);
        if (cancel.cancelled) {
          await this.deps.billing.refund(reservation);
          await report.failed('cancelled');
          if (!reply.sent) reply.hijack();
          return;
        }
        if (!(error instanceof UpstreamError || error instanceof RelayError)) {
          await this.deps.billing.refund(reservation);
          await report.failed('error', error);
          throw error;
        }
        lastError = error;
        // A parameter this provider cannot carry: another channel of another family may.
        if (error instanceof RelayError) {
          channel = plan.next();
          continue;
        }
        // Stage 8: channel health, then the next channel if the failure is worth it.
        report.upstreamFailed(error, await this.deps.health.failed(channel, error));
        if (!shouldRetry(error.status)) break;
        channel = plan.next();
      }
    }
    reply.raw.off('close', onClose);
    await this.deps.billing.refund(reservation);
    await report.failed(lastError instanceof UpstreamError ? 'upstream_error' : 'error', lastError);
    throw (
      lastError ??
      new RelayError(404, 'relay.noChannel', 'model_not_found', {
        model: parsed.model,
        group: caller.group,
      })
    );
  }

  /** Token model limits, quota left and the prompt check, before anything is reserved. */
  private check(caller: RelayCaller, parsed: DialectRequest): void {
    assertModelAllowed(caller, parsed.model);
    assertHasQuota(caller);
    const words = findSensitiveWords(this.deps.options, promptText(parsed.mode, parsed.body));
    if (words.length > 0) {
      throw new RelayError(400, 'relay.sensitiveWords', 'sensitive_words_detected', {
        words: words.join(', '),
      });
    }
  }

  /**
   * The reservation (an image's full price, prompt + max_tokens, or PreConsumedQuota tokens)
   * and the tokens it assumes, for the TPM limits.
   */
  private async estimate(
    parsed: DialectRequest,
    quote: PriceQuote,
  ): Promise<{ quota: number; tokens: number }> {
    const { billing, options } = this.deps;
    if (parsed.mode === 'images')
      return { quota: billing.imageCost(quote, parsed.body), tokens: 0 };
    if (parsed.maxTokens > 0) {
      const prompt = await countPromptTokens(parsed.mode, quote.model, parsed.body);
      return {
        quota: billing.estimate(quote, prompt, parsed.maxTokens),
        tokens: prompt + parsed.maxTokens,
      };
    }
    const tokens = options.getInt('PreConsumedQuota');
    return { quota: billing.estimate(quote, tokens), tokens };
  }
}

const channelTypeName = (channel: CandidateRow): string =>
  channelTypeById(channel.type)?.key ?? `channel type ${channel.type}`;

/** Native when the channel speaks the caller's dialect, else the channel's adapter. */
function routeFor(dialect: Dialect, channel: CandidateRow, parsed: DialectRequest): Route | null {
  if (!parsed.noNative && dialect.native?.accepts(channel)) {
    return { kind: 'native', native: dialect.native };
  }
  const adapter = adapterFor(channel.type);
  return adapter?.supports(parsed.mode) ? { kind: 'adapter', adapter } : null;
}

function attemptContext(channel: CandidateRow, parsed: DialectRequest): AdapterContext {
  const model = mapModel(channel, parsed.model);
  const ctx: AdapterContext = {
    mode: parsed.mode,
    channel,
    model,
    body: { ...parsed.body, model },
    stream: parsed.stream,
    includeUsage: parsed.includeUsage,
    clientHeaders: parsed.clientHeaders,
    translated: parsed.translated === true,
  };
  if (parsed.multipart) {
    ctx.multipart = {
      data: withMultipartModel(parsed.multipart.data, model),
      contentType: parsed.multipart.contentType,
    };
  }
  return ctx;
}
