// GET /api/openapi.json (admin): the reference document, a bare JSON body rather than an envelope,
// so it is read with the session cookie like the other downloads.
import { endpointUrl } from '@switchyard/console-kit';
import { metaEndpoints } from '@switchyard/contracts/endpoints';

export type OpenApiDocument = Record<string, unknown>;

export async function fetchOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  const reply = await fetch(endpointUrl(metaEndpoints.openapi), {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
  return (await reply.json()) as OpenApiDocument;
}
