// GET /api/openapi.json (admin): the machine-readable reference, built once on first request and
// sent bare (not in the envelope) so OpenAPI tools read it as is.
import { metaEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { APP_VERSION } from '../../lib/version';
import { createOpenApiDocument } from './openapi-document';

export function registerReferenceRoutes(app: FastifyInstance): void {
  let document: ReturnType<typeof createOpenApiDocument> | undefined;
  serveEndpoint(app, metaEndpoints.openapi, async ({ reply }) => {
    document ??= createOpenApiDocument(APP_VERSION);
    return reply.send(document);
  });
}
