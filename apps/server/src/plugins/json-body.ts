// JSON bodies as the reference reads them: an empty body with a JSON content type is no body;
// and no deeper than MAX_JSON_DEPTH, so nothing later recurses through 100,000 levels (issue 27).
import type { FastifyInstance } from 'fastify';

/** Nesting of objects and arrays a body may have; real requests (tool schemas included) use tens. */
export const MAX_JSON_DEPTH = 256;

/** A body nested deeper than MAX_JSON_DEPTH: a 400, like malformed JSON. */
export class JsonTooDeepError extends Error {
  readonly code = 'SY_JSON_TOO_DEEP';
  readonly statusCode = 400;

  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * Whether JSON text opens more than `max` objects or arrays inside each other. One pass over
 * the characters (brackets inside strings do not count), stopping at the first level too many.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Most bodies, even megabytes of prompt, open fewer brackets than the limit in all: counted at
  // native speed, they need no scan.
  if (bracketsAtMost(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** Whether the text holds at most `max` opening brackets (`{` and `[`, strings included). */
function bracketsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      count += 1;
      if (count > max) return false;
    }
  }
  return true;
}

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
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
