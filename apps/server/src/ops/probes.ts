// Liveness and readiness: /healthz answers while the process runs; /readyz only while this node
// can serve (database reachable and migrated, settlements written, not shutting down). Redis is
// optional at run time as at start (limits and caches fall back to this node): its state is in
// the checks, and in /metrics, but never takes the node out of the balancer.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisClient, withTimeout } from '../lib/redis';
import { pingDatabase } from '../modules/status/status.repository';
import { pendingMigrations } from './ops.repository';

/** A check that takes longer than this fails: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 2000;

export interface ProbeDeps {
  db: Db;
  redis: RedisClient | undefined;
  /** True once shutdown has begun. */
  draining: () => boolean;
  /** Why settlements cannot be written (a full or read-only disk), null while they can. */
  unwritable: () => string | null;
}

type CheckResult = 'ok' | string;

/** Checks reported in the detail that do not make the node unready. */
const INFORMATIVE = new Set(['redis']);

export function registerProbes(app: FastifyInstance, deps: ProbeDeps): void {
  // Migrations never un-apply: once current, not read again.
  let migrated = false;

  const database = async (): Promise<CheckResult> => {
    await withTimeout(pingDatabase(deps.db), CHECK_TIMEOUT_MS, 'database ping');
    return 'ok';
  };
  const migrations = async (): Promise<CheckResult> => {
    if (migrated) return 'ok';
    const pending = await withTimeout(
      pendingMigrations(deps.db),
      CHECK_TIMEOUT_MS,
      'migration check',
    );
    if (pending.length > 0) return `pending: ${pending.join(', ')}`;
    migrated = true;
    return 'ok';
  };
  const redis = async (client: RedisClient): Promise<CheckResult> => {
    // A disconnected client answers at once rather than queueing the ping behind a reconnect.
    if (client.status !== 'ready') return `not connected (${client.status})`;
    await withTimeout(client.ping(), REDIS_COMMAND_TIMEOUT_MS, 'redis ping');
    return 'ok';
  };

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: Record<string, CheckResult> = {};
    const run = async (name: string, check: () => Promise<CheckResult>) => {
      try {
        checks[name] = await check();
      } catch (error) {
        checks[name] = error instanceof Error ? error.message : String(error);
      }
    };
    if (deps.draining()) checks.shutdown = 'shutting down';
    // Reads may still work on a full disk; a node that cannot bill what it serves is not ready.
    const unwritable = deps.unwritable();
    checks.settlements = unwritable ? `cannot be written (${unwritable})` : 'ok';
    await Promise.all([
      run('database', database),
      run('migrations', migrations),
      ...(deps.redis ? [run('redis', () => redis(deps.redis as RedisClient))] : []),
    ]);
    const failed = Object.entries(checks).filter(
      ([name, result]) => result !== 'ok' && !INFORMATIVE.has(name),
    );
    const ready = failed.length === 0;
    reply.code(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : 'not ready',
      ...(ready ? {} : { reason: failed.map(([name, result]) => `${name}: ${result}`).join('; ') }),
      checks,
    };
  });
}
