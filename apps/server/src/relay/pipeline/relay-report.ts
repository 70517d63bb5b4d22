// What one relayed request tells the rest of the server: its limit lease (admitted before the
// reservation, settled with the real tokens or released with a refund), the status page's
// outcome (once, after the last attempt) and the ops observer's metrics and spans. Each sink is
// optional, so the relay runs the same without them (tests, task relays).
import { performance } from 'node:perf_hooks';
import { channelTypeById } from '@switchyard/contracts';
import type { FastifyRequest } from 'fastify';
import type { LimitLease, LimitsService, TokenLimits, WindowTerms } from '../../modules/limits';
import type { Outcome } from '../../modules/status';
import type { RelayObserver, RelayOutcome } from '../../ops/relay-observer';
import type { SpanHandle } from '../../ops/tracing';
import type { Usage } from '../canonical/usage';
import type { DialectName } from '../dialects/types';
import type { ChannelRow } from '../relay.repository';
import { LimitError, RelayError, type UpstreamError, WindowSpentError } from '../relay-errors';
import type { RelayCaller } from './admission';
import type { Delivery } from './relay-delivery';
import type { ReplySink } from './reply-sink';

export interface ReportSinks {
  limits?: Pick<LimitsService, 'admit' | 'windowRefusal'> | undefined;
  outcomes?: { recordOutcome(outcome: Outcome): void } | undefined;
  observer?: RelayObserver | undefined;
}

const NO_LEASE: LimitLease = {
  headers: {},
  settle: async () => undefined,
  release: async () => undefined,
};

/** The observer's dialect label: the API the caller spoke. */
const OBSERVED_DIALECT: Record<DialectName, string> = {
  chat: 'openai',
  responses: 'openai-responses',
  anthropic: 'anthropic',
  gemini: 'gemini',
};

/**
 * Gateway refusals the status page counts against the model: the service had no channel for it.
 * What the caller caused (an invalid or exhausted token, its rate limits, its quota, a forbidden
 * model, a bad request) never counts: the page shows the service's health (issue 28).
 */
const MODEL_REFUSALS = new Set(['model_not_found', 'channel_unavailable']);

const isModelRefusal = (error: unknown, modelKnown: boolean): boolean =>
  error instanceof RelayError &&
  !(error instanceof LimitError) &&
  MODEL_REFUSALS.has(error.code) &&
  (modelKnown || error.code !== 'model_not_found');

/** A refusal of the gateway's own after an attempt (a parameter a channel cannot carry). */
const callerRefusal = (error: unknown): boolean =>
  error instanceof RelayError && !isModelRefusal(error, true);

const providerOf = (channel: ChannelRow): string | undefined =>
  channelTypeById(channel.type)?.family;

export interface Served {
  channel: ChannelRow;
  /** The model the upstream was asked for (after mapping). */
  responseModel: string;
  delivery: Delivery;
  usage: Usage;
  charged: number;
  stream: boolean;
}

export class RelayReport {
  private lease: LimitLease = NO_LEASE;
  private leaseOpen = false;
  private ended = false;
  private upstreamSpan: SpanHandle | undefined;
  private upstreamStarted = 0;
  private upstreamMs: number | undefined;
  /** The last channel an attempt went to (0: none). */
  private channelId = 0;

  constructor(
    private readonly sinks: ReportSinks,
    private readonly request: FastifyRequest,
    private readonly dialect: DialectName,
    private readonly model: string,
    private readonly started: number,
  ) {}

  /**
   * Token and group limits: throws the 429 (LimitError), else sets the x-ratelimit-* headers.
   * Returns the token's quota window for the reservation to hold (the reservation takes it in
   * the statement that takes the token's balance, and the settlement charges it).
   */
  async admit(
    caller: RelayCaller,
    sink: ReplySink,
    estimatedTokens: number,
    estimatedQuota: number,
  ): Promise<WindowTerms | undefined> {
    const { limits } = this.sinks;
    if (!limits) return undefined;
    const admission = await limits.admit({
      token: caller.limits,
      userId: caller.userId,
      group: caller.group,
      estimatedTokens,
      estimatedQuota,
      reservesWindow: true,
    });
    if (!admission.admitted) throw new LimitError(admission.refusal);
    this.lease = admission.lease;
    this.leaseOpen = true;
    for (const _ in this.lease.headers) {
      sink.headers(this.lease.headers);
      break;
    }
    return this.lease.window;
  }

  /**
   * The reservation failed: the error to answer with (a spent window becomes the limiter's 429),
   * reported as a rejection, the lease released.
   */
  async reserveFailed(error: unknown, token: TokenLimits): Promise<unknown> {
    let answer = error;
    if (error instanceof WindowSpentError && this.sinks.limits) {
      answer = new LimitError(await this.sinks.limits.windowRefusal(token, this.lease.headers));
    }
    await this.failed('rejected', answer);
    return answer;
  }

  /** The reservation was refunded (or never made): the lease gives back what it holds. */
  async release(): Promise<void> {
    if (!this.leaseOpen) return;
    this.leaseOpen = false;
    await this.lease.release();
  }

  upstreamStart(channel: ChannelRow, model: string): void {
    this.channelId = channel.id;
    const provider = providerOf(channel);
    this.upstreamSpan = this.sinks.observer?.startUpstreamSpan(this.request, {
      channelId: channel.id,
      model,
      ...(provider ? { provider } : {}),
    });
    this.upstreamStarted = performance.now();
    this.upstreamMs = undefined;
  }

  /** The upstream's reply was read (or the call failed with `error`). */
  upstreamEnd(error?: unknown): void {
    this.upstreamMs = performance.now() - this.upstreamStarted;
    this.upstreamSpan?.end(
      error === undefined ? undefined : error instanceof Error ? error.message : String(error),
    );
    this.upstreamSpan = undefined;
  }

  upstreamFailed(error: UpstreamError, autoDisabled: boolean): void {
    this.sinks.observer?.recordUpstreamError(this.channelId, error.upstreamStatus);
    if (autoDisabled) this.sinks.observer?.recordAutoDisable(this.channelId);
  }

  settlementSpan(): SpanHandle | undefined {
    return this.sinks.observer?.startSettlementSpan(this.request);
  }

  /**
   * The real tokens and cost of a delivered reply, told while its settlement is written: the
   * concurrency slot is free as soon as possible. The window is charged the cost (the settlement
   * charges less only when the balances run short).
   */
  async settleLease(usage: Usage, cost: number): Promise<void> {
    if (!this.leaseOpen) return;
    this.leaseOpen = false;
    await this.lease.settle(usage.promptTokens + usage.completionTokens, cost);
  }

  /** A reply was delivered and settled. */
  async served(input: Served): Promise<void> {
    await this.settleLease(input.usage, input.charged);
    const { delivery, channel } = input;
    const provider = providerOf(channel);
    this.end(delivery.cut !== 'upstream', channel.id, delivery.firstByteMs, {
      model: this.model,
      responseModel: input.responseModel,
      channelId: channel.id,
      dialect: OBSERVED_DIALECT[this.dialect],
      outcome: delivery.cut ? 'stream_cut' : 'success',
      latencyMs: performance.now() - this.started,
      ...(delivery.firstByteMs >= 0 ? { ttftMs: delivery.firstByteMs } : {}),
      ...(this.upstreamMs !== undefined ? { upstreamMs: this.upstreamMs } : {}),
      promptTokens: input.usage.promptTokens,
      completionTokens: input.usage.completionTokens,
      ...(input.usage.cachedTokens ? { cachedTokens: input.usage.cachedTokens } : {}),
      quota: input.charged,
      ...(provider ? { provider } : {}),
      stream: input.stream,
    });
  }

  /** The request ended without a delivered reply (refunded): releases the lease, reports it. */
  async failed(outcome: RelayOutcome, error?: unknown, modelKnown = true): Promise<void> {
    await this.release();
    const attempted = this.channelId !== 0;
    const label =
      outcome === 'error' && error instanceof RelayError && !attempted ? 'rejected' : outcome;
    // A client that left is no failure of the channel; "no channel" before any attempt is one of
    // the model, recorded without a channel; what the caller caused (limits, quota, a bad
    // request, a forbidden model, a parameter no channel can carry) says nothing about either.
    const counts =
      outcome !== 'cancelled' &&
      (attempted
        ? !callerRefusal(error)
        : label === 'rejected' && isModelRefusal(error, modelKnown));
    const success = counts ? false : undefined;
    this.end(success, this.channelId, -1, {
      model: this.model,
      channelId: attempted ? this.channelId : null,
      dialect: OBSERVED_DIALECT[this.dialect],
      outcome: label,
      latencyMs: performance.now() - this.started,
      ...(this.upstreamMs !== undefined ? { upstreamMs: this.upstreamMs } : {}),
    });
  }

  private end(
    success: boolean | undefined,
    channelId: number,
    ttftMs: number,
    record: Parameters<RelayObserver['recordRelayOutcome']>[0],
  ): void {
    if (this.ended) return;
    this.ended = true;
    this.sinks.observer?.recordRelayOutcome(record, this.request);
    // undefined: nothing reached an upstream (refused by the gateway, client left early).
    if (success === undefined) return;
    this.sinks.outcomes?.recordOutcome({
      model: this.model,
      channelId,
      success,
      latencyMs: record.latencyMs,
      ...(ttftMs >= 0 && record.stream ? { ttftMs } : {}),
    });
  }
}
