// /healthz and /readyz as their dependencies come and go: migrations, the database, shutdown.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrate';
import { createTestContext, type TestContext } from '../helpers/server';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Readiness {
  status: string;
  reason?: string;
  checks: Record<string, string>;
}

describe('probes', () => {
  it('/healthz answers while the process runs', async () => {
    const server = await ctx.start();
    const reply = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 with the database reachable and migrated, 503 with pending migrations', async () => {
    const server = await ctx.start();
    const last = Object.keys(MIGRATIONS).at(-1) as string;
    const row = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration where name = ${last}`.execute(server.db);
    const applied = row.rows[0];
    expect(applied).toBeDefined();
    // The probe has not checked yet: take the last migration's record away first.
    await sql`delete from kysely_migration where name = ${last}`.execute(server.db);
    const pending = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json<Readiness>().reason).toBe(`migrations: pending: ${last}`);
    await sql`insert into kysely_migration (name, timestamp) values (${last}, ${applied?.timestamp})`.execute(
      server.db,
    );
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<Readiness>()).toEqual({
      status: 'ready',
      checks: { settlements: 'ok', database: 'ok', migrations: 'ok' },
    });
  });

  it('/readyz is 503 once shutdown begins', async () => {
    const server = await ctx.start();
    server.app.ops.beginDrain();
    const reply = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json<Readiness>().reason).toBe('shutdown: shutting down');
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz is 503 with the reason when the database is gone', async () => {
    const server = await ctx.start();
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await server.runtime.database.close();
    const reply = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(reply.statusCode).toBe(503);
    const body = reply.json<Readiness>();
    expect(body.status).toBe('not ready');
    expect(body.checks.database).not.toBe('ok');
    expect(body.reason).toMatch(/^database: /);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
