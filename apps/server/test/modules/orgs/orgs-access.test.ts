// Issue 32: every org route called as a non-member, a member, an org admin, an owner and a site
// admin, by session cookie and by access token, against a fresh org each time: the server lets in
// exactly the roles ORG_ACCESS gives (a member below the role: 403; to a non-member the org does
// not exist: 404) and the action then happens.
import { ORG_ROLE_RANK, type OrgRole, Role } from '@switchyard/contracts';
import { ORG_ACCESS, orgEndpoints } from '@switchyard/contracts/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../helpers/client';
import { type CreatedUser, createUser } from '../../helpers/factories';
import { redemptionCode } from '../../helpers/orgs';
import { useTestServer } from '../../helpers/test-server';

type Actor = 'nonMember' | 'member' | 'admin' | 'owner' | 'siteAdmin';
const ACTORS: Actor[] = ['nonMember', 'member', 'admin', 'owner', 'siteAdmin'];
const ORG_ROLE_OF: Partial<Record<Actor, OrgRole>> = {
  member: 'member',
  admin: 'admin',
  owner: 'owner',
};

interface Person {
  user: CreatedUser;
  cookie: TestClient;
  token: string;
}
const people = new Map<Actor, Person>();
let extra: CreatedUser;
let outsider: CreatedUser;

async function person(role: number): Promise<Person> {
  const user = await createUser(server.db, { role, quota: 1_000_000 });
  const cookie = server.client();
  const login = await cookie.post('/api/user/login', {
    username: user.username,
    password: user.password,
  });
  expect(login.json.success, login.json.message).toBe(true);
  const token = (await cookie.get<string>('/api/user/token')).json.data ?? '';
  return { user, cookie, token };
}

const server = useTestServer();

beforeAll(async () => {
  for (const actor of ACTORS) {
    people.set(actor, await person(actor === 'siteAdmin' ? Role.admin : Role.common));
  }
  extra = await createUser(server.db);
  outsider = await createUser(server.db);
});

const who = (actor: Actor) => people.get(actor) as Person;

/** A fresh org whose owner, admin, member (and an extra member) are the actors. */
async function freshOrg(): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const result = await server.db
    .insertInto('orgs')
    .values({ name: 'acme', created_by: who('owner').user.id, created_at: now })
    .executeTakeFirst();
  const id =
    Number(result.insertId ?? 0) ||
    Number(
      (
        await server.db
          .selectFrom('orgs')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
  const members: [number, OrgRole][] = [
    [who('owner').user.id, 'owner'],
    [who('admin').user.id, 'admin'],
    [who('member').user.id, 'member'],
    [extra.id, 'member'],
  ];
  await server.db
    .insertInto('org_members')
    .values(members.map(([user_id, role]) => ({ org_id: id, user_id, role, joined_at: now })))
    .execute();
  return id;
}

/** An unused redemption code's key, for a redeem into the org. */
const redemptionKey = async (): Promise<string> =>
  (await redemptionCode(server, who('siteAdmin').user.id, 1000)).key;

let invitationSeq = 0;
/** A pending invitation of org `id` for the outsider; its id. */
async function pendingInvitation(id: number): Promise<number> {
  invitationSeq += 1;
  const now = Math.floor(Date.now() / 1000);
  const code = `orgaccess-${process.pid}-${invitationSeq}`;
  await server.db
    .insertInto('org_invitations')
    .values({
      org_id: id,
      code,
      user_id: outsider.id,
      role: 'member',
      invited_by: who('owner').user.id,
      created_at: now,
      expires_at: now + 3600,
    })
    .execute();
  const row = await server.db
    .selectFrom('org_invitations')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

type Name = keyof typeof orgEndpoints;
/** A valid call of each endpoint against org `id` (bodies that pass validation). */
async function input(name: Name, id: number): Promise<{ path: string; body?: unknown }> {
  const base = `/api/org/${id}`;
  switch (name) {
    case 'list':
      return { path: '/api/org/' };
    case 'self':
      return { path: '/api/org/self' };
    case 'create':
      return { path: '/api/org/', body: { name: 'new org' } };
    case 'get':
    case 'remove':
      return { path: base, ...(name === 'remove' ? {} : {}) };
    case 'update':
      return { path: base, body: { name: 'renamed' } };
    case 'invite':
      return { path: `${base}/invitation`, body: { username: outsider.username, role: 'member' } };
    case 'invitations':
      return { path: `${base}/invitation` };
    case 'revokeInvitation':
      return { path: `${base}/invitation/${await pendingInvitation(id)}` };
    case 'accept':
      return { path: '/api/org/invitation/accept', body: { code: 'no-such-code' } };
    case 'updateMember':
      return { path: `${base}/member/${extra.id}`, body: { quota_limit: 5, window_period: 'day' } };
    case 'removeMember':
      return { path: `${base}/member/${extra.id}` };
    case 'fund':
      return { path: `${base}/fund`, body: { quota: 10 } };
    case 'redeem':
      return { path: `${base}/redeem`, body: { key: await redemptionKey() } };
    case 'log':
      return { path: `${base}/log` };
    case 'logStat':
      return { path: `${base}/log/stat` };
    case 'logExport':
      return { path: `${base}/log/export` };
    case 'data':
    case 'tokenCache': {
      const now = Math.floor(Date.now() / 1000);
      const route = name === 'data' ? 'data' : 'data/token_cache';
      return { path: `${base}/${route}?start_timestamp=${now - 3600}&end_timestamp=${now}` };
    }
  }
}

function allowed(name: Name, actor: Actor): boolean {
  const rule = ORG_ACCESS[name];
  if (orgEndpoints[name].role === 'admin') return actor === 'siteAdmin';
  if (rule.role === null) return true;
  const role = ORG_ROLE_OF[actor];
  if (role && ORG_ROLE_RANK[role] >= ORG_ROLE_RANK[rule.role]) return true;
  return actor === 'siteAdmin' && rule.siteAdmin;
}

describe('every org route × every role (issue 32)', () => {
  for (const name of Object.keys(orgEndpoints) as Name[]) {
    if (name === 'accept') continue;
    for (const by of ['cookie', 'token'] as const) {
      it(`${name} by ${by}`, async () => {
        for (const actor of ACTORS) {
          const id = await freshOrg();
          const { path, body } = await input(name, id);
          const p = who(actor);
          const client = by === 'cookie' ? p.cookie : server.client();
          const headers: Record<string, string> =
            by === 'token' ? { authorization: `Bearer ${p.token}` } : {};
          const reply = await client.request(
            orgEndpoints[name].method as 'GET',
            path,
            body,
            headers,
          );
          const label = `${name} as ${actor} by ${by}: ${reply.status} ${reply.json.message ?? ''}`;
          if (!allowed(name, actor)) {
            const member = ORG_ROLE_OF[actor] !== undefined && orgEndpoints[name].role !== 'admin';
            expect(reply.status, label).toBe(
              member ? 403 : orgEndpoints[name].role === 'admin' ? 403 : 404,
            );
            continue;
          }
          expect(reply.status, label).toBe(200);
          if (name !== 'logExport') expect(reply.json.success, label).toBe(true);
        }
      });
    }
  }

  it('accept: only the invited user, once', async () => {
    const id = await freshOrg();
    const made = await who('owner').cookie.post<{ code: string; link: string }>(
      `/api/org/${id}/invitation`,
      { username: who('nonMember').user.username, role: 'member' },
    );
    expect(made.json.success, made.json.message).toBe(true);
    const code = made.json.data?.code ?? '';
    expect(made.json.data?.link).toContain(`code=${code}`);
    const wrong = await who('siteAdmin').cookie.post('/api/org/invitation/accept', { code });
    expect(wrong.status).toBe(403);
    const joined = await who('nonMember').cookie.post('/api/org/invitation/accept', { code });
    expect(joined.json.success, joined.json.message).toBe(true);
    const again = await who('nonMember').cookie.post('/api/org/invitation/accept', { code });
    expect(again.json.success).toBe(false);
    await server.db
      .deleteFrom('org_members')
      .where('user_id', '=', who('nonMember').user.id)
      .execute();
  });
});
