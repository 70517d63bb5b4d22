// Two server processes sharing Redis and the database: limits hold across both, exactly.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalLimitStore } from '../../../src/modules/limits/local-store';
import type { TokenLimits } from '../../../src/modules/limits/window.repository';
import { type LimitsHarness, limitsHarness } from '../../helpers/limits';
import { MONDAY_MS } from '../../helpers/limits-scenarios';
import { useTestServer } from '../../helpers/test-server';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

let h: LimitsHarness;

const server = useTestServer();

beforeAll(async () => {
  h = await limitsHarness(server.db, new LocalLimitStore(), MONDAY_MS);
});

/** Starts both nodes, lets them fire at the same instant, and sums what they admitted. */
async function burstOnTwoNodes(
  token: TokenLimits,
  userId: number,
  burst: number,
  env: Record<string, string> = {},
) {
  const startAt = Date.now() + 4000;
  const prefix = `sy-test-${randomUUID()}:`;
  const node = () =>
    run(process.execPath, ['--import', 'tsx', 'test/fakes/limits-node.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        ...server.context.database.env,
        LOG_LEVEL: 'silent',
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: prefix,
        CLOCK_MS: String(MONDAY_MS),
        TOKEN: JSON.stringify(token),
        USER_ID: String(userId),
        BURST: String(burst),
        START_AT: String(startAt),
        ...env,
      },
    });
  const replies = await Promise.all([node(), node()]);
  return replies.reduce(
    (sum, reply) => sum + (JSON.parse(reply.stdout) as { admitted: number }).admitted,
    0,
  );
}

describe('limits across two processes', () => {
  it('admit exactly 10 of 2 × 50 simultaneous requests on a 10-rpm token', async () => {
    const { token, userId } = await h.newToken({ rpm_limit: 10 });
    expect(await burstOnTwoNodes(token, userId, 50)).toBe(10);
  }, 60_000);

  it('never overspend a window by more than one reservation', async () => {
    const { token, userId } = await h.newToken({ window_period: 'week', window_quota: 1000 });
    const admitted = await burstOnTwoNodes(token, userId, 50, {
      ESTIMATED_QUOTA: '150',
      SETTLE_QUOTA: '150',
    });
    expect(admitted).toBe(7);
    const row = await server.db
      .selectFrom('tokens')
      .select(['window_used', 'window_reserved'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.window_used)).toBe(1050);
    expect(Number(row.window_reserved)).toBe(0);
  }, 60_000);
});
