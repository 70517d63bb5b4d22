// One relayed request, in stages: parse (the caller's dialect → canonical form) → admit (token,
// model, quota, prompt check) → plan (channels) → reserve (quota) → attempt (adapter or native
// route, retrying other channels) → deliver (rendered in the caller's dialect) → settle (cost
// and consume log) or refund. Billing, retries, selection and logging live here for all dialects.
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { languageOf } from '../../i18n';
import type { PriceQuote, RelayBilling, Reservation } from '../../ledger/billing';
import type { ChannelHealth } from '../../modules/channels/channel-health';
import type { OptionsStore } from '../../modules/options/options.store';
import type { SharedCredentials } from '../adapters/credential-cache';
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
import { attemptContext, channelTypeName, routeFor } from './relay-route';
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
  /** Shares provider credentials (Baidu, Zhipu) between the nodes; each node mints its own without. */
  credentials?: SharedCredentials;
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
    const admitted = await this.admitAndReserve(request, sink, ingress, started);
    const { caller, parsed, pinned, report, plan, reservation } = admitted;
    const { dialect } = ingress;
    const render: RenderContext = {
      model: admitted.quote.model,
      includeUsage: parsed.includeUsage,
      request: parsed,
    };
    ingress.prepare?.(render, caller);

    // A client that goes away aborts the upstream call (the response's close, not req.destroyed).
    const cancel = new UpstreamCancel();
    const onClose = () => {
      if (!sink.finished) cancel.cancel();
    };
    sink.onClose(onClose);

    // Stage 5: attempts, one channel each, until one answers or a failure is not worth retrying.
    const retries = pinned === null ? this.deps.options.getInt('RetryTimes') : 0;
    let channel: CandidateRow | undefined = admitted.first;
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
      const ctx = attemptContext(channel, parsed, this.deps.credentials);
      render.model = ctx.model;
      render.channelId = channel.id;
      report.upstreamStart(channel, ctx.model);
      cancel.timeouts = attemptTimeouts(this.deps.options, channel);
      try {
        const sent = await sendRouted(route, ctx, parsed, cancel, {
          db: this.deps.db,
          now: this.deps.now(),
        });
        this.deps.health.succeeded(channel.id);
        plan.served(channel.id);
        if (ctx.dropped) sink.header(DROPPED_PARAMS_HEADER, ctx.dropped.join(', '));
        await this.deliverAndSettle(request, sink, ingress, admitted, {
          channel,
          route: sent.route,
          ctx,
          response: sent.response,
          render,
          started,
        });
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

  /**
   * Stages 1–4: admit the caller, read the request in its dialect, plan the channels that serve
   * the model (best first) and reserve the estimate before any upstream call. A refusal after the
   * request was read is reported (the status page counts the model's).
   */
  private async admitAndReserve(
    request: FastifyRequest,
    sink: ReplySink,
    ingress: Ingress,
    started: number,
  ): Promise<Admitted> {
    const caller = await this.admit(request, ingress.key?.(request));
    const parsed = await ingress.parse(request, caller);
    // A request that builds on a reply one upstream holds goes to that channel alone.
    const pinned = parsed.channelId ?? caller.pinnedChannelId;
    const report = new RelayReport(
      this.deps.sinks ?? {},
      request,
      ingress.dialect.name,
      parsed.model,
      started,
    );
    try {
      const text = checkRequest(caller, parsed);
      const plan = await planChannels(
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
      const first = plan.next() as CandidateRow;
      const quote = this.deps.billing.quote(mapModel(first, parsed.model), caller.group);
      const estimate = await estimateReservation(this.deps, caller, parsed, quote, text);
      // Limits after the estimate (TPM and the window need it), before anything is reserved.
      const window = await report.admit(caller, sink, estimate.tokens, estimate.quota);
      await checkPrompt(this.deps.options, text);
      const reservation = await this.deps.billing
        .reserve(caller, estimate.quota, {
          model: quote.model,
          requested: parsed.model,
          stream: parsed.stream,
          window,
        })
        .catch(async (error: unknown) => {
          throw await report.reserveFailed(error, caller.limits);
        });
      return {
        caller,
        parsed,
        pinned,
        report,
        plan,
        first,
        quote,
        reservation,
        completionReserved: estimate.completion,
      };
    } catch (error) {
      // reserveFailed has reported its own; a second report is a no-op. A model nobody serves
      // counts on the status page only under a name the gateway prices (a caller's made-up
      // names stay off the public page).
      await report.failed('rejected', error, this.deps.billing.knows(parsed.model));
      throw error;
    }
  }

  /**
   * Stages 6–7 of the attempt an upstream answered: deliver in the caller's dialect, then settle
   * the real cost with its consume log and report the outcome.
   */
  private async deliverAndSettle(
    request: FastifyRequest,
    sink: ReplySink,
    ingress: Ingress,
    admitted: Admitted,
    answered: Answered,
  ): Promise<void> {
    const { caller, parsed, report, plan, reservation, quote } = admitted;
    const { channel, route, ctx, response, render, started } = answered;
    const { dialect } = ingress;
    const native = route.kind === 'native';
    let delivery: Delivery;
    if (parsed.stream) {
      const pipe = redactingPipe(streamPipe(route, ctx, dialect, render), channel.key);
      // What has gone out, for the journal: a crash bills the delivered part.
      this.deps.billing.streaming(
        reservation,
        quote,
        admitted.completionReserved,
        () => pipe.text.bytes,
      );
      delivery = await deliverStream(sink, response, pipe, started);
      if (delivery.cut === 'upstream') plan.failed(channel.id);
    } else {
      const whole = redactReply(
        await readWholeReply(route, response, ctx, dialect, render),
        channel.key,
      );
      // A kept whole reply is kept before it is sent, so the client can refer to it at once.
      await ingress
        .finish?.(render, caller, channel, native)
        .catch((error: unknown) => request.log.warn({ err: error }, 'keeping the reply failed'));
      delivery = await deliverReply(sink, whole, started);
    }
    report.upstreamEnd();
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
        .finish(render, caller, channel, native)
        .catch((error: unknown) => request.log.warn({ err: error }, 'keeping the reply failed'));
    }
  }
}

/** A request admitted, read, planned and reserved for (stages 1–4). */
interface Admitted {
  caller: RelayCaller;
  parsed: DialectRequest;
  /** The one channel the request may use, or null. */
  pinned: number | null;
  report: RelayReport;
  plan: ChannelPlan;
  first: CandidateRow;
  quote: PriceQuote;
  reservation: Reservation;
  /** Completion tokens the estimate counted: what is left of the reservation is the prompt's
   * share, which a stream's bill after a crash keeps (billing.streaming). */
  completionReserved: number;
}

type ChannelPlan = Awaited<ReturnType<typeof planChannels>>;

/** The attempt an upstream answered. */
interface Answered {
  channel: CandidateRow;
  route: Route;
  ctx: AdapterContext<CandidateRow>;
  response: Awaited<ReturnType<typeof sendRouted>>['response'];
  render: RenderContext;
  started: number;
}

/** The parameters the policy dropped for the channel that answered (canonical/param-policy.ts). */
const DROPPED_PARAMS_HEADER = 'x-switchyard-dropped-params';
