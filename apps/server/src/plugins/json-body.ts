// JSON bodies as the reference reads them: an empty body with a JSON content type is no body.
import type { FastifyInstance } from 'fastify';

/**
 * curl users and many HTTP libraries send `Content-Type: application/json` on every request,
 * also a bodiless DELETE. Fastify's own parser refuses that as an empty JSON body; here it is a
 * request without a body (an endpoint that needs one still says the body is empty). Anything
 * else goes to Fastify's default parser (prototype-poisoning checks included).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
