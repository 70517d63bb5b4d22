// The relay's /v1 endpoints in the reference: their request envelopes from contracts'
// hand-written schemas (documented only; the relay parses its own), the key each dialect reads.
import { RELAY_V1_ENDPOINTS, type RelayEndpoint } from '@switchyard/contracts/relay-v1';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';

/** The headers each dialect reads the token from (the same sk- token in each). */
const SECURITY: Record<RelayEndpoint['dialect'], Record<string, string[]>[]> = {
  openai: [{ relayToken: [] }],
  anthropic: [{ anthropicKey: [] }, { relayToken: [] }],
  gemini: [{ geminiKey: [] }, { geminiQueryKey: [] }, { relayToken: [] }],
};

export const RELAY_SECURITY_SCHEMES = {
  relayToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A token made on the token page (sk-…)',
  },
  anthropicKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  geminiKey: { type: 'apiKey', in: 'header', name: 'x-goog-api-key' },
  geminiQueryKey: { type: 'apiKey', in: 'query', name: 'key' },
} as const;

function operation(name: string, endpoint: RelayEndpoint): ZodOpenApiOperationObject {
  const reply = endpoint.streams
    ? "The dialect's reply; with stream (or a stream path) server-sent events."
    : "The dialect's reply.";
  return {
    operationId: `relay.${name}`,
    summary: endpoint.summary,
    tags: ['relay'],
    description: `Relayed to a channel that serves the model; speaks the ${endpoint.dialect} dialect.`,
    security: SECURITY[endpoint.dialect],
    requestParams: endpoint.params ? { path: endpoint.params } : {},
    ...(endpoint.body
      ? {
          requestBody: {
            content: {
              [endpoint.multipart ? 'multipart/form-data' : 'application/json']: {
                schema: endpoint.body,
              },
            },
          },
        }
      : {}),
    responses: {
      '200': { description: reply },
      default: { description: "An error in the dialect's own error shape." },
    },
  };
}

/** Adds every relay endpoint to the document's paths. */
export function addRelayPaths(paths: ZodOpenApiPathsObject): void {
  for (const [name, endpoint] of Object.entries(RELAY_V1_ENDPOINTS)) {
    const item = paths[endpoint.path] ?? {};
    item[endpoint.method === 'GET' ? 'get' : 'post'] = operation(name, endpoint);
    paths[endpoint.path] = item;
  }
}
