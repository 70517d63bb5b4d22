// An OTLP/HTTP trace receiver on 127.0.0.1 (the JSON encoding): keeps every span it is sent.
import { readBody, startLoopbackServer } from '../fakes/loopback-server';

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status?: { code?: number; message?: string };
  serviceName: string;
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, 'attributes' | 'serviceName'> & {
        attributes?: { key: string; value: AnyValue }[];
      })[];
    }[];
  }[];
}

const plainValue = (value: AnyValue) =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
  value.boolValue ??
  '';

const attributesOf = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plainValue(value)]));

export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const { url, close } = await startLoopbackServer(async (request, response) => {
    const raw = await readBody(request);
    contentTypes.push(String(request.headers['content-type']));
    if (request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as ExportRequest;
    for (const resourceSpans of body.resourceSpans ?? []) {
      const resource = attributesOf(resourceSpans.resource?.attributes);
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          spans.push({
            ...span,
            attributes: attributesOf(span.attributes),
            serviceName: String(resource['service.name']),
          });
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return { url, spans, contentTypes, close };
}
