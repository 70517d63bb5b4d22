// Passkeys (issue 33) with a software authenticator: register, list, sign in without a username
// (and without the TOTP step), delete; a wrong or reused challenge, a stale sign counter, an
// expired challenge, a deleted passkey, another relying party and an unverified user all refused;
// an admin's reset of a user's passkeys, audited.
import { UserStatus } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../helpers/client';
import { countRows, createAdmin, createUser } from '../../helpers/factories';
import { SoftCredential } from '../../helpers/soft-authenticator';
import { useTestServer } from '../../helpers/test-server';
import { enableTwoFactor, ManualClock } from '../../helpers/two-factor';

const clock = new ManualClock();
/** app.inject's requests come to Host localhost:80, so the relying party is localhost. */
const ORIGIN = 'http://localhost';

const server = useTestServer({ clock });

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  authenticatorSelection: { residentKey: string; userVerification: string };
}
interface RequestOptions {
  challenge: string;
  rpId: string;
  userVerification: string;
}

async function signedIn() {
  const user = await createUser(server.db);
  const client = server.client();
  await client.login(user.username, user.password);
  return { user, client };
}

async function registerPasskey(client: TestClient, credential = new SoftCredential()) {
  const options = await client.post<CreationOptions>('/api/user/passkey/register/options', {});
  expect(options.json.success, options.json.message).toBe(true);
  const reply = await client.post<{ id: number; name: string }>(
    '/api/user/passkey/register/verify',
    {
      credential: credential.register(options.json.data as CreationOptions, { origin: ORIGIN }),
      name: 'Laptop',
    },
  );
  expect(reply.json.success, reply.json.message).toBe(true);
  return { credential, passkeyId: reply.json.data?.id ?? 0 };
}

async function loginOptions(client: TestClient): Promise<RequestOptions> {
  const reply = await client.post<RequestOptions>('/api/user/passkey/login/options', {});
  expect(reply.json.success).toBe(true);
  return reply.json.data as RequestOptions;
}

describe('adding a passkey', () => {
  it('asks for a discoverable, verified credential for this host and keeps it', async () => {
    const { user, client } = await signedIn();
    const options = await client.post<CreationOptions>('/api/user/passkey/register/options', {});
    const data = options.json.data as CreationOptions;
    expect(data.rp.id).toBe('localhost');
    expect(data.user.name).toBe(user.username);
    // The user handle reveals neither the id nor the name.
    expect(Buffer.from(data.user.id, 'base64url').toString()).not.toContain(user.username);
    expect(data.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const credential = new SoftCredential();
    const reply = await client.post('/api/user/passkey/register/verify', {
      credential: credential.register(data, { origin: ORIGIN }),
      name: 'Phone',
    });
    expect(reply.json).toMatchObject({ success: true, data: { name: 'Phone', backed_up: false } });
    const list = await client.get<{ name: string }[]>('/api/user/passkey/');
    expect(list.json.data?.map((entry) => entry.name)).toEqual(['Phone']);
  });

  it('refuses a challenge it did not issue, and one used already', async () => {
    const { client } = await signedIn();
    const credential = new SoftCredential();
    const options = (await client.post<CreationOptions>('/api/user/passkey/register/options', {}))
      .json.data as CreationOptions;
    const forged = credential.register(
      { ...options, challenge: Buffer.from('not-issued').toString('base64url') },
      { origin: ORIGIN },
    );
    const wrong = await client.post('/api/user/passkey/register/verify', { credential: forged });
    expect(wrong.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/verified/),
    });

    const good = credential.register(options, { origin: ORIGIN });
    expect(
      (await client.post('/api/user/passkey/register/verify', { credential: good })).json.success,
    ).toBe(true);
    const again = await client.post('/api/user/passkey/register/verify', { credential: good });
    expect(again.json.success).toBe(false);
    expect((await client.get<unknown[]>('/api/user/passkey/')).json.data).toHaveLength(1);
  });

  it("refuses another user's challenge, another origin and an unverified user", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const theirs = (
      await other.client.post<CreationOptions>('/api/user/passkey/register/options', {})
    ).json.data as CreationOptions;
    const credential = new SoftCredential();
    const stolen = credential.register(theirs, { origin: ORIGIN });
    expect(
      (await client.post('/api/user/passkey/register/verify', { credential: stolen })).json.success,
    ).toBe(false);

    for (const made of [
      { origin: 'http://evil.test' },
      { origin: ORIGIN, rpId: 'evil.test' },
      { origin: ORIGIN, userVerified: false },
    ]) {
      const options = (await client.post<CreationOptions>('/api/user/passkey/register/options', {}))
        .json.data as CreationOptions;
      const reply = await client.post('/api/user/passkey/register/verify', {
        credential: credential.register(options, made),
      });
      expect(reply.json.success, JSON.stringify(made)).toBe(false);
    }
    expect((await client.get<unknown[]>('/api/user/passkey/')).json.data).toEqual([]);
  });

  it('is refused to an access token, and bad input gets a 400 and writes nothing', async () => {
    const { client } = await signedIn();
    const token = (await client.get<string>('/api/user/token')).json.data ?? '';
    const byToken = await server
      .client()
      .post('/api/user/passkey/register/options', {}, { authorization: `Bearer ${token}` });
    expect(byToken.status).toBe(401);
    const before = await countRows(server.db, 'passkeys');
    const bad = await client.post('/api/user/passkey/register/verify', {
      credential: { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} },
    });
    expect(bad.status).toBe(400);
    expect(await countRows(server.db, 'passkeys')).toBe(before);
  });

  it('uses the host of ServerAddress as the relying party when it is set', async () => {
    const { client } = await signedIn();
    await server.runtime.options.set('ServerAddress', 'https://gateway.example.com:8443/');
    try {
      const options = (await client.post<CreationOptions>('/api/user/passkey/register/options', {}))
        .json.data as CreationOptions;
      expect(options.rp.id).toBe('gateway.example.com');
      const credential = new SoftCredential();
      const fromLocalhost = credential.register(options, { origin: ORIGIN });
      expect(
        (await client.post('/api/user/passkey/register/verify', { credential: fromLocalhost })).json
          .success,
      ).toBe(false);
      const again = (await client.post<CreationOptions>('/api/user/passkey/register/options', {}))
        .json.data as CreationOptions;
      const right = credential.register(again, { origin: 'https://gateway.example.com:8443' });
      expect(
        (await client.post('/api/user/passkey/register/verify', { credential: right })).json
          .success,
      ).toBe(true);
    } finally {
      await server.runtime.options.set('ServerAddress', '');
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a username and skips the TOTP step; the session is a real one', async () => {
    const { user, client } = await signedIn();
    await enableTwoFactor(client, clock);
    const { credential } = await registerPasskey(client);

    const browser = server.client();
    const options = await loginOptions(browser);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const reply = await browser.post<{ id: number; username: string }>(
      '/api/user/passkey/login/verify',
      { credential: credential.authenticate(options, { origin: ORIGIN }) },
    );
    expect(reply.json).toMatchObject({ success: true, data: { id: user.id } });
    expect(browser.cookie).toBeDefined();
    const self = await browser.get<{ username: string }>('/api/user/self');
    expect(self.json.data?.username).toBe(user.username);
    const sessions = await browser.get<{ current: boolean }[]>('/api/user/sessions');
    expect(sessions.json.data?.some((entry) => entry.current)).toBe(true);
    const list = await browser.get<{ last_used_at: number }[]>('/api/user/passkey/');
    expect(list.json.data?.[0]?.last_used_at).toBe(clock.now());
  });

  it('refuses a wrong challenge, a replayed assertion and a stale counter', async () => {
    const { client } = await signedIn();
    const { credential } = await registerPasskey(client);
    const browser = server.client();

    await loginOptions(browser);
    const forged = credential.authenticate(
      { challenge: Buffer.from('made-up').toString('base64url'), rpId: 'localhost' },
      { origin: ORIGIN },
    );
    const wrong = await browser.post('/api/user/passkey/login/verify', { credential: forged });
    expect(wrong.json).toMatchObject({ success: false });
    expect(browser.cookie).toBeUndefined();

    const assertion = credential.authenticate(await loginOptions(browser), { origin: ORIGIN });
    const first = await browser.post('/api/user/passkey/login/verify', { credential: assertion });
    expect(first.json.success).toBe(true);
    const replay = await server
      .client()
      .post('/api/user/passkey/login/verify', { credential: assertion });
    expect(replay.json.success).toBe(false);

    // A fresh challenge signed with a counter not above the stored one: a cloned authenticator.
    credential.counter -= 1;
    const cloned = credential.authenticate(await loginOptions(browser), { origin: ORIGIN });
    const stale = await server
      .client()
      .post('/api/user/passkey/login/verify', { credential: cloned });
    expect(stale.json.success).toBe(false);
  });

  it('signs in once when the same assertion arrives twice at the same moment', async () => {
    const { client } = await signedIn();
    const { credential } = await registerPasskey(client);
    const assertion = credential.authenticate(await loginOptions(server.client()), {
      origin: ORIGIN,
    });
    const replies = await Promise.all(
      [server.client(), server.client()].map((browser) =>
        browser.post('/api/user/passkey/login/verify', { credential: assertion }),
      ),
    );
    expect(replies.map((reply) => reply.json.success).sort()).toEqual([false, true]);
  });

  it('refuses an expired challenge, a registration challenge and another relying party', async () => {
    const { client } = await signedIn();
    const { credential } = await registerPasskey(client);
    const browser = server.client();

    const old = await loginOptions(browser);
    clock.advance(301);
    const late = credential.authenticate(old, { origin: ORIGIN });
    expect(
      (await browser.post('/api/user/passkey/login/verify', { credential: late })).json.success,
    ).toBe(false);

    const creation = (await client.post<CreationOptions>('/api/user/passkey/register/options', {}))
      .json.data as CreationOptions;
    const misused = credential.authenticate(
      { challenge: creation.challenge, rpId: 'localhost' },
      { origin: ORIGIN },
    );
    expect(
      (await browser.post('/api/user/passkey/login/verify', { credential: misused })).json.success,
    ).toBe(false);

    const elsewhere = credential.authenticate(await loginOptions(browser), {
      origin: 'http://evil.test',
    });
    expect(
      (await browser.post('/api/user/passkey/login/verify', { credential: elsewhere })).json
        .success,
    ).toBe(false);
    const unverified = credential.authenticate(await loginOptions(browser), {
      origin: ORIGIN,
      userVerified: false,
    });
    expect(
      (await browser.post('/api/user/passkey/login/verify', { credential: unverified })).json
        .success,
    ).toBe(false);
    expect(browser.cookie).toBeUndefined();
  });

  it('refuses a disabled account', async () => {
    const { user, client } = await signedIn();
    const { credential } = await registerPasskey(client);
    await server.db
      .updateTable('users')
      .set({ status: UserStatus.disabled })
      .where('id', '=', user.id)
      .execute();
    const browser = server.client();
    const reply = await browser.post('/api/user/passkey/login/verify', {
      credential: credential.authenticate(await loginOptions(browser), { origin: ORIGIN }),
    });
    expect(reply.json.success).toBe(false);
  });
});

describe('deleting a passkey', () => {
  it("deletes one's own, refuses another user's, and a deleted passkey no longer signs in", async () => {
    const { client } = await signedIn();
    const { credential, passkeyId } = await registerPasskey(client);
    const other = await signedIn();
    const foreign = await other.client.request('DELETE', `/api/user/passkey/${passkeyId}`);
    expect(foreign.json.success).toBe(false);
    expect((await client.get<unknown[]>('/api/user/passkey/')).json.data).toHaveLength(1);

    const removed = await client.request('DELETE', `/api/user/passkey/${passkeyId}`);
    expect(removed.json.success).toBe(true);
    expect((await client.get<unknown[]>('/api/user/passkey/')).json.data).toEqual([]);

    const browser = server.client();
    const reply = await browser.post('/api/user/passkey/login/verify', {
      credential: credential.authenticate(await loginOptions(browser), { origin: ORIGIN }),
    });
    expect(reply.json).toMatchObject({ success: false });
    expect(browser.cookie).toBeUndefined();
  });
});

describe("an admin's reset of a user's passkeys", () => {
  it('removes them all with one audit entry; they no longer sign in', async () => {
    const { user, client } = await signedIn();
    const { credential } = await registerPasskey(client);
    await registerPasskey(client);
    const adminUser = await createAdmin(server.db);
    const admin = server.client();
    await admin.login(adminUser.username, adminUser.password);

    const reply = await admin.request('DELETE', `/api/user/passkey/user/${user.id}`);
    expect(reply.json).toMatchObject({ success: true, data: { removed: 2 } });
    expect((await client.get<unknown[]>('/api/user/passkey/')).json.data).toEqual([]);
    const entries = await server.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'user.passkeys.reset')
      .where('target_id', '=', String(user.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: adminUser.id, target_type: 'user' });
    expect(JSON.parse(entries[0]?.summary ?? '{}')).toEqual({
      username: user.username,
      removed: 2,
    });

    const browser = server.client();
    const login = await browser.post('/api/user/passkey/login/verify', {
      credential: credential.authenticate(await loginOptions(browser), { origin: ORIGIN }),
    });
    expect(login.json.success).toBe(false);

    const again = await admin.request('DELETE', `/api/user/passkey/user/${user.id}`);
    expect(again.json).toMatchObject({ success: false, message: 'This user has no passkeys' });
  });

  it("refuses an admin another admin's passkeys, and writes no entry", async () => {
    const target = await createAdmin(server.db);
    const targetClient = server.client();
    await targetClient.login(target.username, target.password);
    await registerPasskey(targetClient);
    const adminUser = await createAdmin(server.db);
    const admin = server.client();
    await admin.login(adminUser.username, adminUser.password);
    const before = await countRows(server.db, 'audit_logs');
    const reply = await admin.request('DELETE', `/api/user/passkey/user/${target.id}`);
    expect(reply.json.success).toBe(false);
    expect((await targetClient.get<unknown[]>('/api/user/passkey/')).json.data).toHaveLength(1);
    expect(await countRows(server.db, 'audit_logs')).toBe(before);
    const unknown = await admin.request('DELETE', '/api/user/passkey/user/999999');
    expect(unknown.json).toMatchObject({ success: false, message: 'User not found' });
  });
});
