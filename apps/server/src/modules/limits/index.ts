// Builds the limiter: counters in Redis when the server has it (shared by every node, this node's
// own count while Redis is down), else here.
import type { Db } from '../../db/database';
import { type Clock, nowMsOf } from '../../lib/clock';
import type { RedisClient } from '../../lib/redis';
import type { OptionsStore } from '../options/options.store';
import { FallbackLimitStore } from './fallback-store';
import { LimitsService } from './limits.service';
import { LocalLimitStore } from './local-store';
import { RedisLimitStore } from './redis-store';

export type { Admission, AdmitInput, LimitLease, WindowTerms } from './limits.service';
export { LimitsService } from './limits.service';
export { LimitRefusal } from './rate-headers';
export { loadTokenLimits, type TokenLimits } from './window.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The relay's admission limiter (issue 17). */
    limits: LimitsService;
  }
}

export function createLimits(deps: {
  db: Db;
  options: OptionsStore;
  clock: Clock;
  redis?: RedisClient | undefined;
  redisPrefix?: string;
}): LimitsService {
  return new LimitsService({
    db: deps.db,
    options: deps.options,
    store: deps.redis
      ? new FallbackLimitStore(deps.redis, new RedisLimitStore(deps.redis, deps.redisPrefix))
      : new LocalLimitStore(),
    nowMs: () => nowMsOf(deps.clock),
  });
}
