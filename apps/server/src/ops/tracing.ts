// OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Off by
// default, and then nothing of OpenTelemetry is even loaded: the no-op tracer below stands in.
export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  /** Ends the span; an error message marks it failed. */
  end(error?: string): void;
}

export interface Tracer {
  readonly enabled: boolean;
  startSpan(
    name: string,
    options: { attributes?: SpanAttributes; parent?: SpanHandle; kind?: 'server' | 'client' },
  ): SpanHandle;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

const noopSpan: SpanHandle = { setAttributes: () => undefined, end: () => undefined };

export const noopTracer: Tracer = {
  enabled: false,
  startSpan: () => noopSpan,
  shutdown: async () => undefined,
};

/** The OpenTelemetry span behind a handle, for parenting. */
const otelSpans = new WeakMap<SpanHandle, unknown>();

/** Starts the SDK (service `switchyard`) exporting to `<endpoint>/v1/traces`. */
export async function startTracing(endpoint: string, serviceName = 'switchyard'): Promise<Tracer> {
  const [{ NodeSDK }, { OTLPTraceExporter }, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/api'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
    instrumentations: [],
    // Traces only: no log or metric pipelines (metrics are Prometheus' job here).
    logRecordProcessors: [],
    metricReaders: [],
  });
  sdk.start();
  const tracer = api.trace.getTracer('switchyard');
  const kinds = { server: api.SpanKind.SERVER, client: api.SpanKind.CLIENT };
  return {
    enabled: true,
    startSpan(name, options) {
      const parent = options.parent ? otelSpans.get(options.parent) : undefined;
      const context = parent
        ? api.trace.setSpan(api.context.active(), parent as import('@opentelemetry/api').Span)
        : api.ROOT_CONTEXT;
      const span = tracer.startSpan(
        name,
        { attributes: options.attributes ?? {}, kind: kinds[options.kind ?? 'server'] },
        context,
      );
      const handle: SpanHandle = {
        setAttributes: (attributes) => span.setAttributes(attributes),
        end(error) {
          if (error) span.setStatus({ code: api.SpanStatusCode.ERROR, message: error });
          span.end();
        },
      };
      otelSpans.set(handle, span);
      return handle;
    },
    async shutdown() {
      await sdk.shutdown();
      // Lets a later start in the same process (tests) register its provider again.
      api.trace.disable();
      api.context.disable();
    },
  };
}
