// Console sessions in personal settings (issue 33): the list with where each signed in from,
// signing one out (refused at once by another node on the same database), signing out everywhere
// else with or without a new access token, and a password change ending the others.
import type { SessionEntry } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../helpers/client';
import { createUser } from '../../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  ctx = await createTestContext();
  nodeA = await ctx.start();
  nodeB = await ctx.start();
});
afterAll(() => ctx.close());

/** The same browser's cookie, sent to another node behind the load balancer. */
function onNode(node: TestServer, client: TestClient): TestClient {
  const other = node.client();
  other.cookie = client.cookie;
  other.userId = client.userId;
  return other;
}

async function signIn(username: string, password: string, userAgent: string) {
  const client = nodeA.client({ 'user-agent': userAgent });
  await client.login(username, password);
  return client;
}

describe('the session list', () => {
  it('lists each session with when, from where and what browser, marking the current one', async () => {
    const user = await createUser(nodeA.db);
    const laptop = await signIn(
      user.username,
      user.password,
      'Mozilla/5.0 (X11; Linux) Firefox/140',
    );
    await signIn(user.username, user.password, 'Mozilla/5.0 (iPhone) Safari/18');
    const reply = await laptop.get<SessionEntry[]>('/api/user/sessions');
    expect(reply.json.success).toBe(true);
    const sessions = reply.json.data ?? [];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.user_agent).sort()).toEqual(
      ['Mozilla/5.0 (X11; Linux) Firefox/140', 'Mozilla/5.0 (iPhone) Safari/18'].sort(),
    );
    for (const session of sessions) {
      expect(session.ip).toBe('127.0.0.1');
      expect(session.created_at).toBeGreaterThan(0);
      expect(session.last_seen_at).toBeGreaterThanOrEqual(session.created_at);
    }
    expect(sessions.filter((s) => s.current).map((s) => s.user_agent)).toEqual([
      'Mozilla/5.0 (X11; Linux) Firefox/140',
    ]);
  });

  it('shows only the caller’s own sessions', async () => {
    const alice = await createUser(nodeA.db);
    const bob = await createUser(nodeA.db);
    await signIn(bob.username, bob.password, 'bob');
    const client = await signIn(alice.username, alice.password, 'alice');
    const sessions = (await client.get<SessionEntry[]>('/api/user/sessions')).json.data ?? [];
    expect(sessions.map((s) => s.user_agent)).toEqual(['alice']);
  });
});

describe('signing a session out', () => {
  it('a revoked session stops working at once, on the other node too', async () => {
    const user = await createUser(nodeA.db);
    const laptop = await signIn(user.username, user.password, 'laptop');
    const phone = await signIn(user.username, user.password, 'phone');
    const phoneOnB = onNode(nodeB, phone);
    expect((await phoneOnB.get('/api/user/self')).status).toBe(200);

    const sessions = (await laptop.get<SessionEntry[]>('/api/user/sessions')).json.data ?? [];
    const phoneSession = sessions.find((s) => s.user_agent === 'phone');
    const revoke = await laptop.delete(`/api/user/sessions/${phoneSession?.id}`);
    expect(revoke.json.success).toBe(true);

    expect((await phoneOnB.get('/api/user/self')).status).toBe(401);
    expect((await phone.get('/api/user/self')).status).toBe(401);
    expect((await laptop.get('/api/user/self')).status).toBe(200);
  });

  it('another user’s session id, or a malformed one, is refused and nothing is deleted', async () => {
    const alice = await createUser(nodeA.db);
    const bob = await createUser(nodeA.db);
    const bobClient = await signIn(bob.username, bob.password, 'bob');
    const bobSession = ((await bobClient.get<SessionEntry[]>('/api/user/sessions')).json.data ??
      [])[0];
    const aliceClient = await signIn(alice.username, alice.password, 'alice');
    const reply = await aliceClient.delete(`/api/user/sessions/${bobSession?.id}`);
    expect(reply.json.success).toBe(false);
    expect((await bobClient.get('/api/user/self')).status).toBe(200);
    expect((await aliceClient.delete('/api/user/sessions/nope')).status).toBe(400);
  });
});

describe('signing out everywhere', () => {
  it('ends every other session and keeps the access token unless asked', async () => {
    const user = await createUser(nodeA.db);
    const laptop = await signIn(user.username, user.password, 'laptop');
    const phone = await signIn(user.username, user.password, 'phone');
    const token = (await laptop.get<string>('/api/user/token')).json.data ?? '';
    const reply = await laptop.post<{ access_token: string | null }>(
      '/api/user/sessions/revoke_all',
      {},
    );
    expect(reply.json).toMatchObject({ success: true, data: { access_token: null } });
    expect((await onNode(nodeB, phone).get('/api/user/self')).status).toBe(401);
    expect((await laptop.get('/api/user/self')).status).toBe(200);
    const api = nodeB.client();
    expect((await api.get('/api/user/self', { authorization: token })).status).toBe(200);
  });

  it('with rotate_access_token the old access token stops and the new one works', async () => {
    const user = await createUser(nodeA.db);
    const laptop = await signIn(user.username, user.password, 'laptop');
    const old = (await laptop.get<string>('/api/user/token')).json.data ?? '';
    const reply = await laptop.post<{ access_token: string | null }>(
      '/api/user/sessions/revoke_all',
      { rotate_access_token: true },
    );
    const fresh = reply.json.data?.access_token ?? '';
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(old);
    const api = nodeB.client();
    expect((await api.get('/api/user/self', { authorization: old })).status).toBe(401);
    expect((await api.get('/api/user/self', { authorization: fresh })).status).toBe(200);
  });

  it('a password change ends the other sessions', async () => {
    const user = await createUser(nodeA.db);
    const laptop = await signIn(user.username, user.password, 'laptop');
    const phone = await signIn(user.username, user.password, 'phone');
    const change = await laptop.put('/api/user/self', {
      password: 'a-new-password-1',
      original_password: user.password,
    });
    expect(change.json.success).toBe(true);
    expect((await phone.get('/api/user/self')).status).toBe(401);
    const left = (await laptop.get<SessionEntry[]>('/api/user/sessions')).json.data ?? [];
    expect(left.map((s) => s.user_agent)).toEqual(['laptop']);
  });
});
