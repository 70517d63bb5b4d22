// One relayed request, in stages: parse (the caller's dialect → canonical form) → admit (token,
// model, quota, prompt check) → plan (channels) → reserve (quota) → attempt (adapter or native
// route, retrying other channels) → deliver (rendered in the caller's dialect) → settle (cost
// and consume log) or refund. Billing, retries, selection and logging live here for all dialects.
import { performance } from 'node:perf_hooks';
import { channelTypeById } from '@switchyard/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { languageOf } from '../../i18n';
import type { PriceQuote, RelayBilling, Reservation } from '../../ledger/billing';
import type { ChannelHealth } from '../../modules/channels/channel-health';
import type { OptionsStore } from '../../modules/options/options.store';
import { adapterFor } from '../adapters/registry';
import type { AdapterContext } from '../adapters/types';
import type { ChannelAffinity } from '../affinity/channel-affinity';
import { unsupportedParameter } from '../canonical/unsupported';
import type { Dialect, DialectRequest, RenderContext } from '../dialects/types';
import { gatedCaller } from '../http/relay-gate';
import type { CandidateRow } from '../relay.repository';
import { RelayError, UpstreamError } from '../relay-errors';
import { redactingPipe, redactReply, withoutKey } from '../transport/redact';
import { UpstreamCancel } from '../transport/upstream';
import { admitCaller, type RelayCaller } from './admission';
import { type Route, readWholeReply, sendRouted, streamPipe } from './relay-attempt';
import { type Delivery, deliverReply, deliverStream } from './relay-delivery';
import { checkPrompt, checkRequest, estimateReservation } from './relay-estimate';
import { RelayReport, type ReportSinks } from './relay-report';
import { withMultipartModel } from './relay-request';
import { attemptTimeouts, mapModel, shouldRetry } from './relay-routing';
import { settleDelivery } from './relay-settle';
import type { ReplySink } from './reply-sink';
import { planChannels, type Random } from './selection';

export type { StreamCut } from './relay-delivery';
export { mapModel, mapStatus, newRequestId, shouldRetry } from './relay-routing';

export interface RelayDeps {
  db: Db;
  options: OptionsStore;
  billing: RelayBilling;
  health: ChannelHealth;
  now: () => number;
  random?: Random;
  /** Prompt-cache affinity (a conversation keeps its channel); none in tests of the relay alone. */
  affinity?: ChannelAffinity;
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
    // A POST was admitted by the relay's gate before its body was read (relay-gate.ts).
    const gated = gatedCaller(request);
    if (gated) return Promise.resolve(gated);
    return admitCaller(this.deps.db, key ?? request.headers.authorization, this.deps.now());
  }

  async handle(request: FastifyRequest, sink: ReplySink, ingress: Ingress): Promise<void> {
    const started = performance.now();
    const { dialect } = ingress;
    // Stage 1–2: admit the caller, then read the request in its dialect.
    const caller = await this.admit(request, ingress.key?.(request));
    const parsed = await ingress.parse(request, caller);
    // A request that builds on a reply one upstream holds goes to that channel alone.
    const pinned = parsed.channelId ?? caller.pinnedChannelId;
    const report = new RelayReport(
      this.deps.sinks ?? {},
      request,
      dialect.name,
      parsed.model,
      started,
    );
    // Stage 3: the channels that serve the model, best first; Stage 4: reserve the estimate
    // before any upstream call. A refusal here is reported (the status page counts the model's).
    let plan: Awaited<ReturnType<typeof planChannels>>;
    let first: CandidateRow;
    let quote: PriceQuote;
    let reservation: Reservation;
    let completionReserved = 0;
    try {
      const text = checkRequest(caller, parsed);
      plan = await planChannels(
        this.deps.db,
        caller.group,
        parsed.model,
        pinned,
        this.deps.random,
        this.deps.health,
        this.deps.affinity?.bind(
          caller.userId,
          parsed.model,
          request.headers,
          parsed.raw,
          parsed.conversationKey,
        ),
      );
      first = plan.next() as CandidateRow;
      quote = this.deps.billing.quote(mapModel(first, parsed.model), caller.group);
      const estimate = await estimateReservation(this.deps, caller, parsed, quote, text);
      completionReserved = estimate.completion;
      // Limits after the estimate (TPM and the window need it), before anything is reserved.
      const window = await report.admit(caller, sink, estimate.tokens, estimate.quota);
      await checkPrompt(this.deps.options, text);
      reservation = await this.deps.billing
        .reserve(caller, estimate.quota, {
          model: quote.model,
          requested: parsed.model,
          stream: parsed.stream,
          window,
        })
        .catch(async (error: unknown) => {
          throw await report.reserveFailed(error, caller.limits);
        });
    } catch (error) {
      // reserveFailed has reported its own; a second report is a no-op. A model nobody serves
      // counts on the status page only under a name the gateway prices (a caller's made-up
      // names stay off the public page).
      await report.failed('rejected', error, this.deps.billing.knows(parsed.model));
      throw error;
    }
    const render: RenderContext = {
      model: quote.model,
      includeUsage: parsed.includeUsage,
      request: parsed,
    };
    ingress.prepare?.(render, caller);

    // A client that goes away aborts the upstream call (the response's close, not req.destroyed).
    // (Per-request callbacks are method shorthands or inline: the bundle names every other
    // closure it creates, an Object.defineProperty of several microseconds each.)
    const cancel = new UpstreamCancel();
    const closing = {
      onClose() {
        if (!sink.finished) cancel.cancel();
      },
    };
    const { onClose } = closing;
    sink.onClose(onClose);

    // Stage 5: attempts, one channel each, until one answers or a failure is not worth retrying.
    const retries = pinned === null ? this.deps.options.getInt('RetryTimes') : 0;
    let channel: CandidateRow | undefined = first;
    let lastError: UpstreamError | RelayError | undefined;
    for (let attempt = 0; channel && attempt <= retries; attempt += 1) {
      let route = routeFor(dialect, channel, parsed);
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
      render.channelId = channel.id;
      report.upstreamStart(channel, ctx.model);
      cancel.timeouts = attemptTimeouts(this.deps.options, channel);
      try {
        const sent = await sendRouted(route, ctx, parsed, cancel, {
          db: this.deps.db,
          now: this.deps.now(),
        });
        route = sent.route;
        const { response } = sent;
        this.deps.health.succeeded(channel.id);
        plan.served(channel.id);
        if (ctx.dropped) sink.header(DROPPED_PARAMS_HEADER, ctx.dropped.join(', '));
        // Stage 6: deliver in the caller's dialect. A kept whole reply is kept before it is
        // sent, so the client can refer to it at once.
        let delivery: Delivery;
        if (parsed.stream) {
          const pipe = redactingPipe(streamPipe(route, ctx, dialect, render), channel.key);
          // What has gone out, for the journal: a crash bills the delivered part.
          this.deps.billing.streaming(
            reservation,
            quote,
            completionReserved,
            () => pipe.text.bytes,
          );
          delivery = await deliverStream(sink, response, pipe, started);
          if (delivery.cut === 'upstream') plan.failed(channel.id);
        } else {
          const whole = redactReply(
            await readWholeReply(route, response, ctx, dialect, render),
            channel.key,
          );
          await ingress
            .finish?.(render, caller, channel, route.kind === 'native')
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'keeping the reply failed'),
            );
          delivery = await deliverReply(sink, whole, started);
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
            onCost(usage, cost) {
              return report.settleLease(usage, cost);
            },
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
      } catch (thrown) {
        // What an upstream said goes to the caller, the log and the channel's status reason:
        // never with the channel's key in it.
        const error = thrown instanceof UpstreamError ? withoutKey(thrown, channel.key) : thrown;
        report.upstreamEnd(error);
        if (cancel.cancelled) {
          await this.deps.billing.refund(reservation);
          await report.failed('cancelled');
          sink.abandon();
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
        plan.failed(channel.id);
        report.upstreamFailed(error, await this.deps.health.failed(channel, error));
        if (!shouldRetry(error.status)) break;
        channel = plan.next();
      }
    }
    sink.offClose(onClose);
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
}

/** The parameters the policy dropped for the channel that answered (canonical/param-policy.ts). */
const DROPPED_PARAMS_HEADER = 'x-switchyard-dropped-params';

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

function attemptContext(
  channel: CandidateRow,
  parsed: DialectRequest,
): AdapterContext<CandidateRow> {
  const model = mapModel(channel, parsed.model);
  const { stream, includeUsage, clientHeaders } = parsed;
  const translated = parsed.translated === true;
  // Written out per mode (the body's type follows it) so the context is one object.
  const ctx: AdapterContext<CandidateRow> =
    parsed.mode === 'chat'
      ? {
          mode: 'chat',
          body: { ...parsed.body, model },
          channel,
          model,
          stream,
          includeUsage,
          clientHeaders,
          translated,
        }
      : {
          mode: parsed.mode,
          body: { ...parsed.body, model },
          channel,
          model,
          stream,
          includeUsage,
          clientHeaders,
          translated,
        };
  if (parsed.multipart) {
    ctx.multipart = {
      data: withMultipartModel(parsed.multipart.data, model),
      contentType: parsed.multipart.contentType,
    };
  }
  return ctx;
}
