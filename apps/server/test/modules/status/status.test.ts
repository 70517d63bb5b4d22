// Public status and texts, groups, the health check, and the option endpoints.
import type { OptionEntry, PublicStatus } from '@switchyard/contracts';
import {
  isSecretOption,
  OPTION_DEFINITIONS,
  OPTION_KEYS,
  type OptionKey,
} from '@switchyard/contracts/options';
import { publicStatusSchema } from '@switchyard/contracts/schemas';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TestClient } from '../../helpers/client';
import { createAdmin } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

let root: TestClient;

const SECRET_VALUES: Record<string, string> = {
  SMTPToken: 'smtp-secret-1',
  GitHubClientSecret: 'gh-secret-2',
  EpayKey: 'epay-secret-3',
  TurnstileSecretKey: 'ts-secret-4',
  TelegramBotToken: 'tg-secret-5',
  WeChatServerToken: 'wx-secret-6',
  WorkerValidKey: 'worker-secret-7',
};

const server = useTestServer();

beforeAll(async () => {
  root = server.client();
  await root.login('root', '123456');
  for (const [key, value] of Object.entries(SECRET_VALUES)) {
    expect((await root.put('/api/option/', { key, value })).json.success).toBe(true);
  }
});

describe('GET /api/status', () => {
  it('has every field of the public status schema and no secret value', async () => {
    await root.put('/api/option/', { key: 'PayAddress', value: 'https://pay.example.com' });
    await root.put('/api/option/', { key: 'EpayId', value: '1001' });
    const reply = await server.client().get<PublicStatus>('/api/status');
    expect(reply.status).toBe(200);
    const status = publicStatusSchema.strict().parse(reply.json.data);
    expect(status.version).toMatch(/^v\d+\.\d+\.\d+-alpha\.7$/);
    expect(status.start_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(status.enable_online_topup).toBe(true);
    expect(status.password_login).toBe(true);
    expect(status.register_enabled).toBe(true);
    for (const secret of Object.values(SECRET_VALUES)) expect(reply.text).not.toContain(secret);
  });

  it('follows the options store', async () => {
    await root.put('/api/option/', { key: 'SystemName', value: 'Yard' });
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'false' });
    const status = (await server.client().get<PublicStatus>('/api/status')).json.data;
    expect(status?.system_name).toBe('Yard');
    expect(status?.register_enabled).toBe(false);
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'true' });
  });

  it('serves notice, about and home page content', async () => {
    await root.put('/api/option/', { key: 'Notice', value: 'Hello **all**' });
    await root.put('/api/option/', { key: 'About', value: 'About us' });
    await root.put('/api/option/', { key: 'HomePageContent', value: '<h1>Home</h1>' });
    const guest = server.client();
    expect((await guest.get('/api/notice')).json).toEqual({
      success: true,
      message: '',
      data: 'Hello **all**',
    });
    expect((await guest.get('/api/about')).json.data).toBe('About us');
    expect((await guest.get('/api/home_page_content')).json.data).toBe('<h1>Home</h1>');
  });
});

describe('admin endpoints', () => {
  it('GET /api/group/ lists the GroupRatio names', async () => {
    const admin = await createAdmin(server.db);
    const client = server.client();
    await client.login(admin.username, admin.password);
    expect((await client.get('/api/group/')).json.data).toEqual(['default', 'vip', 'svip']);
  });

  it('GET /api/status/test pings the database', async () => {
    expect((await root.get('/api/status/test')).json).toMatchObject({ success: true });
  });
});

describe('GET /api/option/', () => {
  it('returns every defined key and never a secret value', async () => {
    const reply = await root.get<OptionEntry[]>('/api/option/');
    const entries = reply.json.data ?? [];
    expect(entries.map((entry) => entry.key).sort()).toEqual([...OPTION_KEYS].sort());
    for (const entry of entries) {
      if (isSecretOption(entry.key as OptionKey)) {
        expect(entry).toEqual({
          key: entry.key,
          value: '',
          secret: true,
          set: entry.key in SECRET_VALUES,
        });
      }
    }
    for (const secret of Object.values(SECRET_VALUES)) expect(reply.text).not.toContain(secret);
    expect(reply.text).not.toContain('_SessionSecret');
  });
});

describe('PUT /api/option/', () => {
  const stored = async (key: string) =>
    (
      await server.db
        .selectFrom('options')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst()
    )?.value;

  it('stores a valid value', async () => {
    const reply = await root.put('/api/option/', { key: 'QuotaForNewUser', value: 500 });
    expect(reply.json.success).toBe(true);
    expect(await stored('QuotaForNewUser')).toBe('500');
    expect(server.runtime.options.getInt('QuotaForNewUser')).toBe(500);
  });

  it('refuses an invalid value and stores nothing', async () => {
    for (const [key, value] of [
      ['GroupRatio', '{not json'],
      ['QuotaForInviter', '12.5'],
      ['RegisterEnabled', 'yes'],
    ]) {
      const before = await stored(key ?? '');
      const reply = await root.put('/api/option/', { key, value });
      expect(reply.status).toBe(200);
      expect(reply.json.success).toBe(false);
      expect(await stored(key ?? '')).toBe(before);
    }
    expect(server.runtime.options.getJson('GroupRatio')).toEqual(
      JSON.parse(OPTION_DEFINITIONS.GroupRatio.default),
    );
  });

  it('refuses unknown and private keys', async () => {
    for (const key of ['NoSuchOption', '_SessionSecret']) {
      const reply = await root.put('/api/option/', { key, value: 'x' });
      expect(reply.json.success).toBe(false);
    }
    expect(await stored('NoSuchOption')).toBeUndefined();
  });

  it('refuses to turn on a sign-in method that lacks its settings', async () => {
    const reply = await root.put('/api/option/', { key: 'GitHubOAuthEnabled', value: 'true' });
    expect(reply.json.success).toBe(false);
    expect(await stored('GitHubOAuthEnabled')).toBe('false');
  });

  it('a missing value is a 400', async () => {
    const reply = await root.put('/api/option/', { key: 'Notice' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/value/);
  });
});
