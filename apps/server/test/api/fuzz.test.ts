// A fuzz pass over every /api route the server registered (issue 15): wrong types, huge and
// control-character strings, prototype keys (__proto__, constructor) in bodies, queries and path
// parameters, sent by root (who may call everything) and by a guest. No reply may be a 5xx, and a
// refused request may not have written anything.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { useTestServer } from '../helpers/test-server';

let root: TestClient;

const server = useTestServer();

beforeAll(async () => {
  root = await server.signIn({ username: 'root', password: '123456' });
});

const HUGE = 'x'.repeat(200_000);
const CONTROL = 'a\u0000b\u0001\u202e\u200b\r\n\t\u2028<script>';
const PROTO = '{"__proto__":{"role":100,"quota":1e12},"constructor":{"prototype":{"role":100}}}';

/** Raw JSON bodies: wrong types for every usual field, prototype keys, huge and odd strings. */
const BODIES: string[] = [
  PROTO,
  JSON.stringify({ id: '1 OR 1=1', key: {}, value: [], name: 12, quota: 'lots', status: null }),
  JSON.stringify({ id: -1, quota: -1e308, remain_quota: 1e308, amount: Number.MAX_SAFE_INTEGER }),
  JSON.stringify({ username: CONTROL, password: CONTROL, name: CONTROL, key: CONTROL }),
  JSON.stringify({ username: HUGE, name: HUGE, key: 'ModelRatio', value: HUGE, ids: [HUGE] }),
  JSON.stringify({ ids: [{}, [], null, '__proto__'], models: ['constructor'], group: {} }),
  '[]',
  'null',
  '"__proto__"',
  '1e400',
];

/** Values for path parameters and query strings. */
const VALUES = [
  '__proto__',
  'constructor',
  '-1',
  '1e400',
  '99999999999999999999',
  CONTROL,
  'x'.repeat(4000),
];

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+(\([^)]*\))?/g, encodeURIComponent(value)).replace(/\*$/, value);
}

function queryOf(value: string): string {
  const v = encodeURIComponent(value);
  return `?p=${v}&page_size=${v}&keyword=${v}&id=${v}&__proto__[role]=100&constructor[prototype][x]=1&email=${v}&code=${v}`;
}

/** What a refused request must leave alone. */
async function digest(): Promise<string> {
  const db = server.db;
  const counts = await Promise.all(
    (
      [
        'users',
        'tokens',
        'channels',
        'abilities',
        'redemptions',
        'logs',
        'top_ups',
        'midjourneys',
        'tasks',
      ] as const
    ).map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${table}=${Number(row.n)}`;
    }),
  );
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'quota', 'status', 'display_name', 'group'])
    .orderBy('id')
    .execute();
  const options = await db.selectFrom('options').select(['key', 'value']).orderBy('key').execute();
  const channels = await db.selectFrom('channels').selectAll().orderBy('id').execute();
  return JSON.stringify([counts, users, options, channels]);
}

interface Outcome {
  request: string;
  status: number;
  refused: boolean;
  wrote: boolean;
}

async function send(client: TestClient, method: string, url: string, body?: string) {
  const headers: Record<string, string> =
    body === undefined ? {} : { 'content-type': 'application/json' };
  return client.request(method as 'GET', url, body, headers);
}

describe('fuzzing every /api route', () => {
  it('gives no 5xx and writes nothing on a refusal', async () => {
    // The routes as registered (logout last would only end the session the pass uses).
    const routes = server.app.routeAccess.filter(
      (route) => route.url !== '/api/user/logout' && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(60);
    const failures: Outcome[] = [];
    const guest = server.client();
    let sent = 0;
    let refusals = 0;
    for (const route of routes) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const attempts: [string, string | undefined][] = VALUES.map((value, i) => [
        `${fill(route.url, value)}${queryOf(value)}`,
        hasBody ? BODIES[i % BODIES.length] : undefined,
      ]);
      if (hasBody) for (const body of BODIES) attempts.push([fill(route.url, '1'), body]);
      for (const [url, body] of attempts) {
        for (const client of [root, guest]) {
          const before = await digest();
          const reply = await send(client, route.method, url, body);
          const refused = reply.status >= 400 || reply.json.success === false;
          sent += 1;
          if (refused) refusals += 1;
          const wrote = refused && (await digest()) !== before;
          if (reply.status >= 500 || wrote) {
            failures.push({
              request: `${route.method} ${url.slice(0, 120)} ${body?.slice(0, 80) ?? ''}`,
              status: reply.status,
              refused,
              wrote,
            });
          }
        }
      }
      // A route that signs root out (none should, but a regression would hide later failures).
      if ((await root.get('/api/user/self')).status === 401) {
        await root.login('root', '123456');
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(refusals).toBeGreaterThan(sent / 2);
    // Nobody became root through a prototype key.
    const roots = await server.db
      .selectFrom('users')
      .select('id')
      .where('role', '>=', 100)
      .execute();
    expect(roots).toHaveLength(1);
  }, 600_000);
});
