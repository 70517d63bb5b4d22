// Per-IP sliding-window limits: a global one on /api and a stricter one on sign-in endpoints. The IP
// is the client's as TRUST_PROXY allows (plugins/client-address), IPv6 counted by its /64.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { isApiPath } from './auth';
import { clientKey } from './client-address';
import type { RateLimitStore } from './rate-limit-store';

export interface LimitSettings {
  limit: number;
  windowSeconds: number;
}

/**
 * Two weighted fixed windows approximate a sliding window: the previous window counts in
 * proportion to how much of it still overlaps the last `windowSeconds`.
 */
export class SlidingWindowLimiter {
  constructor(
    private readonly name: string,
    private readonly settings: LimitSettings,
    private readonly store: RateLimitStore,
  ) {}

  get enabled(): boolean {
    return this.settings.limit > 0;
  }

  /** Counts one request; false when it goes over the limit. */
  async allow(client: string, nowMs = Date.now()): Promise<boolean> {
    if (!this.enabled) return true;
    const windowMs = this.settings.windowSeconds * 1000;
    const windowIndex = Math.floor(nowMs / windowMs);
    const elapsed = (nowMs % windowMs) / windowMs;
    const { current, previous } = await this.store.hit(
      `${this.name}:${client}`,
      windowIndex,
      windowMs,
    );
    return current + previous * (1 - elapsed) <= this.settings.limit;
  }
}

export interface RateLimitOptions {
  store: RateLimitStore;
  global: LimitSettings;
  critical: LimitSettings;
}

export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const globalLimiter = new SlidingWindowLimiter('api', options.global, options.store);
  const criticalLimiter = new SlidingWindowLimiter('critical', options.critical, options.store);

  const check = async (limiter: SlidingWindowLimiter, ip: string): Promise<boolean> => {
    try {
      return await limiter.allow(ip);
    } catch (error) {
      // A broken store must not take the API down: let the request through and say so.
      app.log.warn({ err: error }, 'rate limiter unavailable; request allowed');
      return true;
    }
  };

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const limited = async (limiter: SlidingWindowLimiter, settings: LimitSettings) => {
      if (await check(limiter, clientKey(request.ip))) return;
      reply.header('retry-after', String(settings.windowSeconds));
      throw new AppError(429, 'request.tooMany');
    };
    await limited(globalLimiter, options.global);
    if (request.routeOptions.config.critical) await limited(criticalLimiter, options.critical);
  };
  // A callback hook: a request outside /api (every relayed one) passes at once, without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url.split('?')[0] ?? '')) return done();
    guard(request, reply).then(() => done(), done);
  });
}
