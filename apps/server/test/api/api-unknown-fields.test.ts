// One policy for unknown JSON fields on /api (issue 28, the reference's): every create and update
// route ignores a field it does not know — new-api clients send extra ones — while a known field
// of the wrong type, or a missing required one, keeps its 400 naming it and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/billing';
import type { TestClient } from '../helpers/client';
import { countRows } from '../helpers/factories';
import { seedChannel } from '../helpers/relay-fixtures';
import { useTestServer } from '../helpers/test-server';

let root: TestClient;
let user: TestClient;
let channelId: number;
let tokenId: number;
let codeId: number;
let userId: number;

/** Fields the reference's clients send that this API does not know. */
const EXTRA = { allow_ips: '', cross_group_retry: false, unknown_field: { nested: [1, 2] } };

const TOKEN = {
  name: 'policy',
  remain_quota: 1000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
};

const server = useTestServer();

beforeAll(async () => {
  root = (await signedInUser(server, { role: 100 })).client;
  const signed = await signedInUser(server, { quota: 1_000_000 });
  user = signed.client;
  userId = signed.user.id;
  channelId = await seedChannel(server.db, { key: 'k', name: 'c', models: ['m'] });
  await user.post('/api/token/', TOKEN);
  tokenId = Number(
    (await server.db.selectFrom('tokens').select('id').executeTakeFirstOrThrow()).id,
  );
  await root.post('/api/redemption/', { name: 'codes', quota: 1000, count: 1 });
  codeId = Number(
    (await server.db.selectFrom('redemptions').select('id').executeTakeFirstOrThrow()).id,
  );
});

interface Route {
  name: string;
  client: () => TestClient;
  method: 'post' | 'put';
  path: string;
  /** A valid body. */
  body: () => Record<string, unknown>;
  /** A known field and a value of the wrong type for it. */
  wrongType: [string, unknown];
  /** A required field (left out, the request is refused). */
  required: string;
  /** The table a create writes to (a refused create must add no row). */
  table?: 'tokens' | 'channels' | 'redemptions' | 'users';
}

const ROUTES: Route[] = [
  {
    name: 'token create',
    client: () => user,
    method: 'post',
    path: '/api/token/',
    body: () => ({ ...TOKEN, name: 'extra' }),
    wrongType: ['remain_quota', 'lots'],
    required: 'name',
    table: 'tokens',
  },
  {
    name: 'token update',
    client: () => user,
    method: 'put',
    path: '/api/token/',
    body: () => ({ ...TOKEN, id: tokenId, name: 'renamed' }),
    wrongType: ['unlimited_quota', 'yes'],
    required: 'id',
  },
  {
    name: 'channel create',
    client: () => root,
    method: 'post',
    path: '/api/channel/',
    body: () => ({ name: 'extra', key: 'sk-extra', models: 'm' }),
    wrongType: ['priority', 'high'],
    required: 'key',
    table: 'channels',
  },
  {
    name: 'channel update',
    client: () => root,
    method: 'put',
    path: '/api/channel/',
    body: () => ({ id: channelId, name: 'renamed' }),
    wrongType: ['weight', [1]],
    required: 'id',
  },
  {
    name: 'redemption create',
    client: () => root,
    method: 'post',
    path: '/api/redemption/',
    body: () => ({ name: 'extra', quota: 10, count: 1 }),
    wrongType: ['count', 'two'],
    required: 'quota',
    table: 'redemptions',
  },
  {
    name: 'redemption update',
    client: () => root,
    method: 'put',
    path: '/api/redemption/',
    body: () => ({ id: codeId, name: 'renamed', quota: 20 }),
    wrongType: ['quota', '20x'],
    required: 'name',
  },
  {
    name: 'user create',
    client: () => root,
    method: 'post',
    path: '/api/user/',
    body: () => ({ username: `u${Date.now() % 100_000}`, password: 'password-1' }),
    wrongType: ['display_name', 12],
    required: 'password',
    table: 'users',
  },
  {
    name: 'user update',
    client: () => root,
    method: 'put',
    path: '/api/user/',
    body: () => ({ id: userId, display_name: 'renamed' }),
    wrongType: ['quota', 'a lot'],
    required: 'id',
  },
  {
    name: 'self update',
    client: () => user,
    method: 'put',
    path: '/api/user/self',
    body: () => ({ display_name: 'me' }),
    wrongType: ['display_name', { first: 'me' }],
    required: '',
  },
];

const send = (route: Route, body: Record<string, unknown>) =>
  route.client()[route.method](route.path, body);

describe('unknown JSON fields on /api', () => {
  it.each(ROUTES)('$name ignores unknown fields', async (route) => {
    const reply = await send(route, { ...route.body(), ...EXTRA });
    expect(reply.status).toBe(200);
    expect(reply.json.success, reply.json.message).toBe(true);
  });

  it.each(ROUTES)('$name refuses a wrong type, naming it, and writes nothing', async (route) => {
    const before = route.table ? await countRows(server.db, route.table) : 0;
    const [field, value] = route.wrongType;
    const reply = await send(route, { ...route.body(), ...EXTRA, [field]: value });
    expect(reply.status).toBe(400);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toContain(field);
    if (route.table) expect(await countRows(server.db, route.table)).toBe(before);
  });

  it.each(ROUTES.filter((route) => route.required !== ''))(
    '$name refuses a missing required field, naming it',
    async (route) => {
      const { [route.required]: _left, ...body } = route.body();
      const reply = await send(route, { ...body, ...EXTRA });
      expect(reply.status).toBe(400);
      expect(reply.json.message).toContain(route.required);
    },
  );
});
