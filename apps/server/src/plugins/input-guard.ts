// No /api field takes a NUL character, and PostgreSQL refuses text holding one deep inside a query
// (a 500 instead of a clear answer), so a request carrying one in its path, query or body is a 400
// before any handler or SQL sees it.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { isApiPath } from './auth';

const MAX_DEPTH = 32;

/** Whether any string (key or value) in the value holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request (the relay's too) and waits for nothing.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isApiPath(request.url.split('?', 1)[0] ?? '')) return done();
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      return done(new AppError(400, 'request.nulCharacter'));
    }
    done();
  });
}
