// Sign-in with any OpenID Connect provider (issue 33) against a loopback provider that signs RS256
// id_tokens: the redirect carries state, nonce and a PKCE challenge; the happy path signs up and
// in again; a wrong state, a wrong nonce, a token signed by another key, an expired token and a
// token from another issuer are all refused and sign no one in; binding sets the user's oidc_id.
import { SESSION_COOKIE, type SessionUser } from '@switchyard/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OIDC_FLOW_COOKIE } from '../../../src/modules/oauth/oidc.routes';
import { type FakeOidcProvider, startFakeOidcProvider } from '../../fakes/fake-oidc-provider';
import type { TestClient, TestResponse } from '../../helpers/client';
import { countRows, createUser } from '../../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';
import {
  codeAt,
  enableTwoFactor,
  ManualClock,
  pendingCookieOf,
  secondStep,
} from '../../helpers/two-factor';

let ctx: TestContext;
let server: TestServer;
let idp: FakeOidcProvider;
// The provider signs with the real time; this server's own clock starts there and is moved on
// for the second factor's steps.
const clock = new ManualClock(Math.floor(Date.now() / 1000));

beforeAll(async () => {
  idp = await startFakeOidcProvider();
  ctx = await createTestContext();
  server = await ctx.start({}, clock);
  const options = server.runtime.options;
  await options.set('OIDCIssuer', idp.url);
  await options.set('OIDCClientId', idp.clientId);
  await options.set('OIDCClientSecret', idp.clientSecret);
  await options.set('OIDCButtonText', 'Company SSO');
  await options.set('OIDCEnabled', 'true');
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
});
beforeEach(() => {
  idp.nextToken = {};
});

function flowCookieOf(reply: TestResponse): string {
  const header = reply.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [String(header)];
  const found = cookies
    .map((cookie) => new RegExp(`^${OIDC_FLOW_COOKIE}=([^;]*)`).exec(cookie))
    .find((match) => match !== null);
  return found?.[1] ?? '';
}

/** The browser's trip: start, sign in at the provider, come back with code and state. */
async function signInAt(client: TestClient, subject: string, options: { bind?: boolean } = {}) {
  const start = await client.get(`/api/oauth/oidc/start${options.bind ? '?bind=1' : ''}`);
  expect(start.status, start.text).toBe(302);
  const location = String(start.headers.location);
  const code = idp.authorize(location, subject, `Name ${subject}`);
  const state = new URL(location).searchParams.get('state') ?? '';
  return { location, code, state, flow: flowCookieOf(start) };
}

const callback = (
  client: TestClient,
  trip: { code: string; state: string; flow: string },
  state = trip.state,
) => {
  const cookies = [`${OIDC_FLOW_COOKIE}=${trip.flow}`];
  if (client.cookie) cookies.push(`${SESSION_COOKIE}=${client.cookie}`);
  const query = new URLSearchParams({ code: trip.code, state });
  return client.get<SessionUser>(`/api/oauth/oidc?${query}`, { cookie: cookies.join('; ') });
};

describe('the provider in the status and the redirect', () => {
  it('/api/status says oidc and the button text', async () => {
    const status = await server
      .client()
      .get<{ oidc: boolean; oidc_button_text: string }>('/api/status');
    expect(status.json.data).toMatchObject({ oidc: true, oidc_button_text: 'Company SSO' });
  });

  it('start redirects to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const { location, flow } = await signInAt(server.client(), 'sub-look');
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/oauth\/oidc$/);
    // The verifier stays with the server's signed cookie, never in the URL.
    expect(location).not.toContain('code_verifier');
    expect(flow).not.toBe('');
  });
});

describe('signing in', () => {
  it('signs up a new account, then signs the same account in again', async () => {
    const client = server.client();
    const reply = await callback(client, await signInAt(client, 'sub-alice'));
    expect(reply.json.success, reply.json.message).toBe(true);
    const user = reply.json.data as SessionUser;
    expect(user.username).toMatch(/^oidc_/);
    expect(client.cookie).toBeDefined();
    expect((await client.get('/api/user/self')).status).toBe(200);
    const row = await server.db
      .selectFrom('users')
      .select('oidc_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_id).toBe('sub-alice');

    const again = server.client();
    const second = await callback(again, await signInAt(again, 'sub-alice'));
    expect((second.json.data as SessionUser).id).toBe(user.id);
  });

  const refusals: [string, (trip: Awaited<ReturnType<typeof signInAt>>) => string | undefined][] = [
    ['a wrong state', () => 'not-the-state'],
    [
      'a wrong nonce',
      () => {
        idp.nextToken = { nonce: 'another-nonce' };
        return undefined;
      },
    ],
    [
      'a token signed by another key',
      () => {
        idp.nextToken = { foreignKey: true };
        return undefined;
      },
    ],
    [
      'an expired token',
      () => {
        idp.nextToken = { expiresIn: -600 };
        return undefined;
      },
    ],
    [
      'a token from an unknown issuer',
      () => {
        idp.nextToken = { issuer: 'http://127.0.0.1:1/elsewhere' };
        return undefined;
      },
    ],
    [
      'a token for another client',
      () => {
        idp.nextToken = { audience: 'someone-else' };
        return undefined;
      },
    ],
  ];
  for (const [name, tamper] of refusals) {
    it(`refuses ${name} and signs no one in`, async () => {
      const users = await countRows(server.db, 'users');
      const client = server.client();
      const trip = await signInAt(client, `sub-${name.replace(/\W/g, '')}`);
      const reply = await callback(client, trip, tamper(trip) ?? trip.state);
      expect(reply.json.success).toBe(false);
      expect(client.cookie).toBeUndefined();
      expect(await countRows(server.db, 'users')).toBe(users);
    });
  }

  it('refuses a callback without the flow cookie, and a start while the provider is off', async () => {
    const client = server.client();
    const trip = await signInAt(client, 'sub-nocookie');
    const reply = await client.get(`/api/oauth/oidc?code=${trip.code}&state=${trip.state}`);
    expect(reply.json.success).toBe(false);
    await server.runtime.options.set('OIDCEnabled', 'false');
    try {
      const off = await server.client().get('/api/oauth/oidc/start');
      expect(off.json.success).toBe(false);
    } finally {
      await server.runtime.options.set('OIDCEnabled', 'true');
    }
  });
});

describe('binding', () => {
  it('binds the provider account to the signed-in user, who then signs in with it', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const bound = await callback(client, await signInAt(client, 'sub-bind', { bind: true }));
    expect(bound.json).toMatchObject({ success: true, message: 'bind' });
    const other = server.client();
    const reply = await callback(other, await signInAt(other, 'sub-bind'));
    expect((reply.json.data as SessionUser).id).toBe(user.id);
  });

  it('a bound account with a second factor still needs its code after the provider', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await callback(client, await signInAt(client, 'sub-2fa', { bind: true }));
    const { secret } = await enableTwoFactor(client, clock);
    clock.advance(30);

    const browser = server.client();
    const reply = await callback(browser, await signInAt(browser, 'sub-2fa'));
    expect(reply.json).toMatchObject({ success: true, data: { require_2fa: true } });
    expect(browser.cookie).toBeUndefined();
    const done = await secondStep(browser, pendingCookieOf(reply), { code: codeAt(secret, clock) });
    expect((done.json.data as SessionUser).id).toBe(user.id);
    expect((await browser.get('/api/user/self')).status).toBe(200);
  });

  it('unbinds from personal settings; an account without a password may not', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await callback(client, await signInAt(client, 'sub-unbind', { bind: true }));
    expect((await client.get<{ oidc_id: string }>('/api/user/self')).json.data?.oidc_id).toBe(
      'sub-unbind',
    );
    const unbound = await client.delete('/api/oauth/oidc');
    expect(unbound.json.success).toBe(true);
    expect((await client.get<{ oidc_id: string }>('/api/user/self')).json.data?.oidc_id).toBe('');

    const made = server.client();
    await callback(made, await signInAt(made, 'sub-passwordless'));
    const refused = await made.delete('/api/oauth/oidc');
    expect(refused.json.success).toBe(false);
    expect((await made.get<{ oidc_id: string }>('/api/user/self')).json.data?.oidc_id).toBe(
      'sub-passwordless',
    );
  });

  it('a bind needs a signed-in session', async () => {
    const reply = await server.client().get('/api/oauth/oidc/start?bind=1');
    expect(reply.json.success).toBe(false);
  });
});
