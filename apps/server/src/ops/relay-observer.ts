// What the relay tells operations about each request: metrics and, when tracing is on, the GenAI
// attributes of the request's span and child spans for the upstream call and the settlement.
// The relay calls these; it never touches prom-client or OpenTelemetry itself.
import type { Metrics } from './metrics';
import type { SpanHandle, Tracer } from './tracing';

/** How a relayed request ended. */
export type RelayOutcome =
  | 'success'
  /** Delivered, but the stream ended early (client left or upstream broke off). */
  | 'stream_cut'
  /** Every channel tried failed. */
  | 'upstream_error'
  /** The client went away before anything was delivered (refunded). */
  | 'cancelled'
  /** Refused before any upstream call (auth, quota, model access, bad request). */
  | 'rejected'
  | 'error';

export interface RelayOutcomeRecord {
  /** The model the caller asked for. */
  model: string;
  /** The channel that served (or last failed) the request; null when none was tried. */
  channelId: number | null;
  /** The caller's dialect: openai, openai-responses, anthropic, gemini, … */
  dialect: string;
  outcome: RelayOutcome;
  /** Admission to last byte. */
  latencyMs: number;
  /** Request to the first byte sent to the client (when something was sent). */
  ttftMs?: number;
  /** Upstream call, request sent to reply complete (when an upstream answered). */
  upstreamMs?: number;
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
  /** Quota charged (500000 = 1 USD). */
  quota?: number;
  /** The model name the upstream answered with (after model mapping). */
  responseModel?: string;
  /** Provider of the channel (gen_ai.provider.name): openai, anthropic, gemini, … */
  provider?: string;
  stream?: boolean;
}

export interface RelayObserver {
  /** Counts the request's end; with `request`, sets the GenAI attributes on its span. */
  recordRelayOutcome(record: RelayOutcomeRecord, request?: object): void;
  /** An upstream call failed (status 0 when the upstream was not reached). */
  recordUpstreamError(channelId: number, status: number): void;
  /** A channel was disabled automatically. */
  recordAutoDisable(channelId: number): void;
  /** The settlement queue wrote a batch. */
  recordSettlementFlush(batchSize: number, durationMs: number): void;
  /** Child span of the request's span for one upstream call; end it once the reply is read. */
  startUpstreamSpan(
    request: object,
    attributes: { channelId: number; model: string; provider?: string },
  ): SpanHandle;
  /** Child span of the request's span for its settlement. */
  startSettlementSpan(request: object): SpanHandle;
}

/** The span of each /api and relay request, set by the HTTP tracing hook. */
const requestSpans = new WeakMap<object, SpanHandle>();

export function setRequestSpan(request: object, span: SpanHandle): void {
  requestSpans.set(request, span);
}

const channelLabel = (channelId: number | null) =>
  channelId === null ? 'none' : String(channelId);
const seconds = (ms: number) => ms / 1000;

export function createRelayObserver(metrics: Metrics, tracer: Tracer): RelayObserver {
  return {
    recordRelayOutcome(record, request) {
      const channel = channelLabel(record.channelId);
      const { model, dialect, outcome } = record;
      metrics.relayRequests.inc({ model, channel, dialect, outcome });
      metrics.relayDuration.observe({ model, dialect, outcome }, seconds(record.latencyMs));
      if (record.ttftMs !== undefined && record.ttftMs >= 0) {
        metrics.relayTtft.observe({ model, channel }, seconds(record.ttftMs));
      }
      if (record.upstreamMs !== undefined && record.upstreamMs >= 0) {
        metrics.upstreamDuration.observe({ channel, model }, seconds(record.upstreamMs));
      }
      const tokens = [
        ['prompt', record.promptTokens],
        ['completion', record.completionTokens],
        ['cached', record.cachedTokens],
      ] as const;
      for (const [kind, count] of tokens) {
        if (count) metrics.tokens.inc({ model, channel, kind }, count);
      }
      if (record.quota) metrics.quotaCharged.inc({ model, channel }, record.quota);

      const span = request && tracer.enabled ? requestSpans.get(request) : undefined;
      span?.setAttributes(genAiAttributes(record));
    },
    recordUpstreamError(channelId, status) {
      metrics.upstreamErrors.inc({ channel: String(channelId), status: String(status) });
    },
    recordAutoDisable(channelId) {
      metrics.autoDisables.inc({ channel: String(channelId) });
    },
    recordSettlementFlush(batchSize, durationMs) {
      metrics.settlementFlush.observe(seconds(durationMs));
      metrics.settlementBatch.inc(batchSize);
    },
    startUpstreamSpan(request, attributes) {
      const parent = tracer.enabled ? requestSpans.get(request) : undefined;
      if (!parent) return tracer.startSpan('', {});
      return tracer.startSpan(`chat ${attributes.model}`, {
        parent,
        kind: 'client',
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': attributes.model,
          'switchyard.channel.id': attributes.channelId,
          ...(attributes.provider ? { 'gen_ai.provider.name': attributes.provider } : {}),
        },
      });
    },
    startSettlementSpan(request) {
      const parent = tracer.enabled ? requestSpans.get(request) : undefined;
      if (!parent) return tracer.startSpan('', {});
      return tracer.startSpan('settle', { parent, kind: 'server' });
    },
  };
}

/** GenAI semantic-convention attributes of a finished relayed request. */
export function genAiAttributes(
  record: RelayOutcomeRecord,
): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': record.model,
    'switchyard.relay.dialect': record.dialect,
    'switchyard.relay.outcome': record.outcome,
  };
  if (record.responseModel) attributes['gen_ai.response.model'] = record.responseModel;
  if (record.provider) attributes['gen_ai.provider.name'] = record.provider;
  if (record.channelId !== null) attributes['switchyard.channel.id'] = record.channelId;
  if (record.promptTokens !== undefined) {
    attributes['gen_ai.usage.input_tokens'] = record.promptTokens;
  }
  if (record.completionTokens !== undefined) {
    attributes['gen_ai.usage.output_tokens'] = record.completionTokens;
  }
  if (record.cachedTokens !== undefined) {
    attributes['gen_ai.usage.cache_read.input_tokens'] = record.cachedTokens;
  }
  if (record.quota !== undefined) attributes['switchyard.quota'] = record.quota;
  if (record.stream !== undefined) attributes['switchyard.relay.stream'] = record.stream;
  return attributes;
}
