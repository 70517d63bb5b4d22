// Issue 29: a route exists because a contracts table declares it; the OpenAPI reference lists
// every table entry and validates as OpenAPI 3.1; access is enforced as each table says.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Role } from '@switchyard/contracts';
import {
  allEndpoints,
  type Endpoint,
  ROLE_VALUE,
  userEndpoints,
} from '@switchyard/contracts/endpoints';
import { RELAY_V1_ENDPOINTS } from '@switchyard/contracts/relay-v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessOf } from '../../src/lib/serve-endpoint';
import { openApiPath } from '../../src/modules/reference/openapi-document';
import type { TestClient } from '../helpers/client';
import { createUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';

/** Calls that use up their caller (a new access token, a cancelled account): each gets its own. */
const SPENDS_CALLER = new Set<Endpoint>([userEndpoints.accessToken, userEndpoints.removeSelf]);

type Holder = { cookie: TestClient; token: string };
const holders = new Map<number, Holder>();

async function holderOf(role: number): Promise<Holder> {
  const user = await createUser(server.db, { role });
  const cookie = server.client();
  await cookie.login(user.username, user.password);
  const token = (await cookie.get<string>('/api/user/token')).json.data ?? '';
  return { cookie, token };
}

const server = useTestServer();

beforeAll(async () => {
  for (const role of [Role.common, Role.admin, Role.root]) holders.set(role, await holderOf(role));
});

const concrete = (path: string) => path.replace(/:[^/]+/g, '1');
const key = (method: string, url: string) => `${method} ${url}`;

/** Calls an endpoint as a guest (no holder), by session cookie or by access token. */
function call(endpoint: Endpoint, holder: Holder | undefined, by: 'cookie' | 'token') {
  const client = by === 'cookie' && holder ? holder.cookie : server.client();
  const headers: Record<string, string> =
    by === 'token' && holder ? { authorization: `Bearer ${holder.token}` } : {};
  const body = endpoint.method === 'GET' ? undefined : {};
  return client.request(endpoint.method as 'GET', concrete(endpoint.path), body, headers);
}

describe('the endpoint tables and the routes', () => {
  it('serves every table entry with the access its role gives', () => {
    const served = new Map(server.app.routeAccess.map((r) => [key(r.method, r.url), r]));
    for (const { endpoint } of allEndpoints()) {
      const route = served.get(key(endpoint.method, endpoint.path));
      expect(route, key(endpoint.method, endpoint.path)).toBeDefined();
      expect(route?.endpoint).toBe(endpoint);
      expect(route?.access).toBe(accessOf(endpoint));
    }
  });

  it('has no /api route outside a table', () => {
    const stray = server.app.routeAccess
      .filter((route) => route.endpoint === undefined)
      .map((route) => key(route.method, route.url));
    expect(stray).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that validates and lists every entry', async () => {
    const reply = await holders.get(Role.admin)?.cookie.get('/api/openapi.json');
    expect(reply?.status).toBe(200);
    const document = reply?.body<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(document?.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const { domain, name, endpoint } of allEndpoints()) {
      const operation =
        document?.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, key(endpoint.method, endpoint.path)).toBe(`${domain}.${name}`);
    }
  });

  it("describes the relay's /v1 endpoints, each served by a relay route", async () => {
    const document = (await holders.get(Role.admin)?.cookie.get('/api/openapi.json'))?.body<{
      paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>>;
    }>();
    for (const [name, endpoint] of Object.entries(RELAY_V1_ENDPOINTS)) {
      const label = `${endpoint.method} ${endpoint.path}`;
      const operation = document?.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, label).toBe(`relay.${name}`);
      expect(operation?.requestBody !== undefined, label).toBe(endpoint.body !== undefined);
      expect(server.app.hasRoute({ method: endpoint.method, url: endpoint.route }), label).toBe(
        true,
      );
    }
    const chat = document?.paths['/v1/chat/completions']?.post?.requestBody as {
      content: { 'application/json': { schema: { required: string[] } } };
    };
    expect(chat.content['application/json'].schema.required).toEqual(['model', 'messages']);
  });

  it('documents a redirect as a 302 and a session-only endpoint without the access token', async () => {
    const document = (await holders.get(Role.admin)?.cookie.get('/api/openapi.json'))?.body<{
      paths: Record<string, Record<string, { responses: object; security: object[] }>>;
    }>();
    expect(Object.keys(document?.paths['/api/oauth/oidc/start']?.get?.responses ?? {})).toEqual([
      '302',
    ]);
    expect(document?.paths['/api/oauth/oidc']?.delete?.security).toEqual([{ session: [] }]);
  });

  it('describes validated input: the status page window is an enum with its default', async () => {
    const document = (await holders.get(Role.admin)?.cookie.get('/api/openapi.json'))?.body<{
      paths: Record<string, { get: { parameters: { name: string; schema: unknown }[] } }>;
    }>();
    const window = document?.paths['/api/status/models']?.get.parameters.find(
      (parameter) => parameter.name === 'window',
    );
    expect(window?.schema).toMatchObject({ enum: ['1h', '24h', '7d'], default: '24h' });
  });
});

describe('access, driven by the tables', () => {
  const guarded = allEndpoints().filter(({ endpoint }) => endpoint.role !== 'guest');

  it('refuses a guest with 401 on every signed-in endpoint', async () => {
    for (const { endpoint } of guarded) {
      const reply = await call(endpoint, undefined, 'cookie');
      expect(reply.status, key(endpoint.method, endpoint.path)).toBe(401);
      expect(reply.json.success).toBe(false);
    }
  });

  it('refuses every lower role with 403 and lets the role in, by cookie and by access token (a session-only endpoint by cookie only)', async () => {
    for (const { endpoint } of guarded) {
      const needed = ROLE_VALUE[endpoint.role];
      for (const [role, shared] of holders) {
        for (const by of ['cookie', 'token'] as const) {
          const holder = SPENDS_CALLER.has(endpoint) ? await holderOf(role) : shared;
          const reply = await call(endpoint, holder, by);
          const label = `${key(endpoint.method, endpoint.path)} as role ${role} by ${by}`;
          if (role < needed) expect(reply.status, label).toBe(403);
          // A session-only endpoint refuses the access token, which skips the second factor.
          else if (endpoint.sessionOnly && by === 'token') expect(reply.status, label).toBe(401);
          else expect([401, 403], label).not.toContain(reply.status);
        }
      }
    }
  });

  it('lets a guest call every guest endpoint', async () => {
    for (const { endpoint } of allEndpoints().filter((entry) => entry.endpoint.role === 'guest')) {
      const reply = await call(endpoint, undefined, 'cookie');
      expect([401, 403], key(endpoint.method, endpoint.path)).not.toContain(reply.status);
    }
  });
});
