// Default-deny access: every /api route declares its access, and roles are enforced server-side.
import { Role } from '@switchyard/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionService } from '../../src/modules/sessions/sessions.service';
import type { RouteAccessEntry } from '../../src/plugins/auth';
import { registerAuth } from '../../src/plugins/auth';
import type { TestClient } from '../helpers/client';
import { useTestServer } from '../helpers/test-server';

let ordinary: TestClient;
let admin: TestClient;

const server = useTestServer();

beforeAll(async () => {
  ordinary = (await server.signedIn()).client;
  admin = (await server.signedIn({ role: Role.admin })).client;
});

/** A concrete URL for a route pattern (path parameters become 1). */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

const call = (client: TestClient, route: RouteAccessEntry) =>
  client.request(
    route.method as 'GET',
    concrete(route.url),
    route.method === 'GET' ? undefined : {},
  );

const routes = () => server.app.routeAccess;

describe('route registry', () => {
  it('lists every /api route with its access', () => {
    const urls = routes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /api/status');
    expect(urls).toContain('POST /api/user/login');
    expect(urls).toContain('GET /api/option/');
    expect(routes().filter((route) => route.access === Role.admin).length).toBeGreaterThan(0);
    expect(routes().filter((route) => route.access === Role.root).length).toBeGreaterThan(0);
    expect(routes().find((route) => route.url === '/api/user/login')?.critical).toBe(true);
  });

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify({ logger: false });
    registerAuth(app, {} as SessionService);
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(
      /must declare config.access/,
    );
    app.register(async (child) => {
      child.post('/api/in-a-plugin', async () => 'oops');
    });
    await expect(app.ready()).rejects.toThrow(/must declare config.access/);
    await app.close();
  });
});

describe('role enforcement', () => {
  it('every admin and root route refuses a guest with 401', async () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const reply = await call(server.client(), route);
      expect(reply.status, `${route.method} ${route.url}`).toBe(401);
      expect(reply.json.success).toBe(false);
    }
  });

  it('every admin and root route refuses an ordinary user with 403', async () => {
    const guarded = routes().filter((r) => r.access === Role.admin || r.access === Role.root);
    for (const route of guarded) {
      const reply = await call(ordinary, route);
      expect(reply.status, `${route.method} ${route.url}`).toBe(403);
      expect(reply.json).toMatchObject({ success: false });
    }
  });

  it('every root route refuses an admin with 403', async () => {
    for (const route of routes().filter((r) => r.access === Role.root)) {
      const reply = await call(admin, route);
      expect(reply.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('admin routes accept an admin', async () => {
    expect((await admin.get('/api/group/')).json.success).toBe(true);
    expect((await admin.get('/api/status/test')).json.success).toBe(true);
  });
});
