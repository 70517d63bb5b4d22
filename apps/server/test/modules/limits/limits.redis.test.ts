// Per-token limits and quota windows with the counters in Redis (shared by every node).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { RedisLimitStore } from '../../../src/modules/limits/redis-store';
import { describeLimits } from '../../helpers/limits-scenarios';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(() => redis.quit());

// A fresh key prefix per scenario: earlier runs' counters never leak in.
describeLimits('Redis', () => new RedisLimitStore(redis, `sy-test-${randomUUID()}:`));
