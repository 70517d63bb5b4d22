// TOTP second factor (issue 33) with an injected clock: enable, sign in with a code, the pending
// sign-in's five attempts, replayed codes, one-time recovery codes, the admin reset, the access
// token refused where a signed-in session is needed, and Require2FAForAdmins.
import { Role, type SessionUser } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';
import {
  codeAt,
  enableTwoFactor,
  ManualClock,
  pendingCookieOf,
  secondStep,
} from '../../helpers/two-factor';

const clock = new ManualClock();

const server = useTestServer({ clock });

/** A user with the second factor on, signed out again. */
async function userWithTwoFactor() {
  const user = await createUser(server.db);
  const client = server.client();
  await client.login(user.username, user.password);
  const factor = await enableTwoFactor(client, clock);
  clock.advance(30);
  return { user, ...factor };
}

async function passwordStep(username: string, password: string) {
  const client = server.client();
  const reply = await client.login(username, password);
  return { client, reply, pending: pendingCookieOf(reply) };
}

describe('setting up the second factor', () => {
  it('setup gives an otpauth URI; enable needs a right code and gives ten recovery codes', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const setup = await client.post<{ secret: string; uri: string }>('/api/user/2fa/setup', {});
    expect(setup.json.success).toBe(true);
    const secret = setup.json.data?.secret ?? '';
    expect(setup.json.data?.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await client.get('/api/user/2fa')).json.data).toEqual({ enabled: false });

    const wrong = await client.post('/api/user/2fa/enable', { code: '000000' });
    expect(wrong.json.success).toBe(false);
    const bad = await client.post('/api/user/2fa/enable', { code: 'abc' });
    expect(bad.status).toBe(400);

    const enable = await client.post<{ recovery_codes: string[] }>('/api/user/2fa/enable', {
      code: codeAt(secret, clock),
    });
    expect(enable.json.success).toBe(true);
    const codes = enable.json.data?.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await client.get('/api/user/2fa')).json.data).toEqual({ enabled: true });
    // Only hashes are kept.
    const stored = await server.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
  });
});

describe('signing in with the second factor', () => {
  it('the password alone gives no session; the code finishes the sign-in', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { client, reply, pending } = await passwordStep(user.username, user.password);
    expect(reply.json).toMatchObject({ success: true, data: { require_2fa: true } });
    expect(client.cookie).toBeUndefined();
    expect(pending).toBeDefined();
    expect((await client.get('/api/user/self')).status).toBe(401);

    const done = await secondStep(client, pending, { code: codeAt(secret, clock) });
    expect(done.json.success).toBe(true);
    expect((done.json.data as SessionUser).id).toBe(user.id);
    expect(client.cookie).toBeDefined();
    expect((await client.get('/api/user/self')).status).toBe(200);
    // The pending sign-in is used up.
    const again = await secondStep(server.client(), pending, { code: codeAt(secret, clock) });
    expect(again.json.success).toBe(false);
  });

  it('five wrong codes end the pending sign-in, even for the right code after them', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { client, pending } = await passwordStep(user.username, user.password);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await secondStep(client, pending, { code: '000000' });
      expect(wrong.json.success, `attempt ${attempt}`).toBe(false);
    }
    const right = await secondStep(client, pending, { code: codeAt(secret, clock) });
    expect(right.json.success).toBe(false);
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/user/self')).status).toBe(401);
  });

  it('a code is accepted once within its step, and again only in a later step', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await passwordStep(user.username, user.password);
    const code = codeAt(secret, clock);
    expect((await secondStep(first.client, first.pending, { code })).json.success).toBe(true);

    const second = await passwordStep(user.username, user.password);
    const replay = await secondStep(second.client, second.pending, { code });
    expect(replay.json.success).toBe(false);
    expect(second.client.cookie).toBeUndefined();

    clock.advance(30);
    const next = await secondStep(second.client, second.pending, { code: codeAt(secret, clock) });
    expect(next.json.success).toBe(true);
  });

  it('a recovery code works once', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const recovery = recoveryCodes[0] ?? '';
    const first = await passwordStep(user.username, user.password);
    const used = await secondStep(first.client, first.pending, { recovery_code: recovery });
    expect(used.json.success).toBe(true);

    const second = await passwordStep(user.username, user.password);
    const twice = await secondStep(second.client, second.pending, { recovery_code: recovery });
    expect(twice.json.success).toBe(false);
    const other = await secondStep(second.client, second.pending, {
      recovery_code: (recoveryCodes[1] ?? '').toUpperCase(),
    });
    expect(other.json.success).toBe(true);
  });

  it('the second step without a pending sign-in or with both answers is refused', async () => {
    expect((await secondStep(server.client(), undefined, { code: '123456' })).json.success).toBe(
      false,
    );
    const both = await secondStep(server.client(), 'x', { code: '123456', recovery_code: 'a' });
    expect(both.status).toBe(400);
  });

  it('disable needs a code; afterwards the password alone signs in', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await passwordStep(user.username, user.password);
    await secondStep(first.client, first.pending, { code: codeAt(secret, clock) });
    clock.advance(30);
    const wrong = await first.client.post('/api/user/2fa/disable', { code: '000000' });
    expect(wrong.json.success).toBe(false);
    const off = await first.client.post('/api/user/2fa/disable', { code: codeAt(secret, clock) });
    expect(off.json.success).toBe(true);
    const plain = await server.client().login(user.username, user.password);
    expect((plain.json.data as SessionUser).id).toBe(user.id);
  });
});

describe('the access token and the second factor', () => {
  it('an access token cannot manage the second factor, sessions or make a new token', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { client, pending } = await passwordStep(user.username, user.password);
    await secondStep(client, pending, { code: codeAt(secret, clock) });
    const token = (await client.get<string>('/api/user/token')).json.data ?? '';
    const api = server.client();
    const authorization = `Bearer ${token}`;
    expect((await api.get('/api/user/self', { authorization })).status).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/user/2fa/disable'],
      ['POST', '/api/user/2fa/setup'],
      ['GET', '/api/user/sessions'],
      ['GET', '/api/user/token'],
    ] as const) {
      const reply = await api.request(
        method,
        url,
        method === 'POST' ? { code: '000000' } : undefined,
        {
          authorization,
        },
      );
      expect(reply.status, `${method} ${url}`).toBe(401);
    }
    expect((await client.get('/api/user/2fa')).json.data).toEqual({ enabled: true });
  });
});

describe('administration', () => {
  it('an admin resets a user’s second factor; the password alone signs in again', async () => {
    const { user } = await userWithTwoFactor();
    const adminUser = await createAdmin(server.db);
    const admin = server.client();
    await admin.login(adminUser.username, adminUser.password);
    const reset = await admin.post('/api/user/manage', {
      username: user.username,
      action: 'reset_2fa',
    });
    expect(reset.json.success).toBe(true);
    const plain = await server.client().login(user.username, user.password);
    expect((plain.json.data as SessionUser).id).toBe(user.id);
    const none = await admin.post('/api/user/manage', {
      username: user.username,
      action: 'reset_2fa',
    });
    expect(none.json.success).toBe(false);
  });

  it('an admin cannot reset the second factor of another admin', async () => {
    const other = await createAdmin(server.db);
    const adminUser = await createAdmin(server.db);
    const admin = server.client();
    await admin.login(adminUser.username, adminUser.password);
    const reply = await admin.post('/api/user/manage', {
      username: other.username,
      action: 'reset_2fa',
    });
    expect(reply.json.success).toBe(false);
  });

  it('Require2FAForAdmins keeps an admin without a second factor out of admin routes', async () => {
    const adminUser = await createUser(server.db, { role: Role.admin });
    const admin = server.client();
    await admin.login(adminUser.username, adminUser.password);
    await server.runtime.options.set('Require2FAForAdmins', 'true');
    try {
      const refused = await admin.get('/api/user/');
      expect(refused.status).toBe(403);
      expect(refused.json.message).toMatch(/two-factor/);
      // The super admin, who sets the rule, is not locked out by it.
      const rootUser = await createUser(server.db, { role: Role.root });
      const root = server.client();
      await root.login(rootUser.username, rootUser.password);
      expect((await root.get('/api/user/')).status).toBe(200);
      await enableTwoFactor(admin, clock);
      expect((await admin.get('/api/user/')).status).toBe(200);
    } finally {
      await server.runtime.options.set('Require2FAForAdmins', 'false');
    }
  });
});
