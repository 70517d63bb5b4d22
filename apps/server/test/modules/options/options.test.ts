// The option endpoints: root only, every key round-trips, bad values are refused with the spec's
// messages and never stored, secrets are write-only, and readers see changes at once.
import type { OptionEntry, PublicStatus } from '@switchyard/contracts';
import {
  isSecretOption,
  OPTION_DEFINITIONS,
  OPTION_KEYS,
  type OptionKey,
  optionDefinition,
} from '@switchyard/contracts/options';
import { beforeAll, describe, expect, it } from 'vitest';
import { PricingRules } from '../../../src/modules/pricing/pricing-rules';
import type { TestClient } from '../../helpers/client';
import { createAdmin, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

let root: TestClient;

const server = useTestServer();

beforeAll(async () => {
  root = await server.signIn({ username: 'root', password: '123456' });
});

const stored = async (key: string) =>
  (await server.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst())
    ?.value;

const put = (key: string, value: unknown, client = root) =>
  client.put('/api/option/', { key, value });

const listed = async (): Promise<Map<string, OptionEntry>> => {
  const reply = await root.get<OptionEntry[]>('/api/option/');
  return new Map((reply.json.data ?? []).map((entry) => [entry.key, entry]));
};

/** A valid value for the key that differs from its default. */
function sampleValue(key: OptionKey): string {
  const definition = optionDefinition(key);
  switch (definition.kind) {
    case 'boolean':
      return definition.default === 'true' ? 'false' : 'true';
    case 'integer':
      return String((definition.min ?? 0) + 3);
    case 'number':
      return String((definition.min ?? 0) + 2.5);
    case 'json':
      // GroupRateLimits maps a group to limits, every other JSON option to a number.
      if (key === 'GroupRateLimits') return '{"sample-group":{"rpm":60,"tpm":1000}}';
      return `{"sample-${key.toLowerCase()}":1.5}`;
    case 'string':
      if (definition.format === 'url') return `https://${key.toLowerCase()}.example.com/path`;
      if (definition.format === 'choice') return definition.choices?.at(-1) ?? '';
      return `${key} sample ✓`;
  }
}

describe('who may use the option endpoints', () => {
  it('refuses guests, ordinary users and admins and changes nothing', async () => {
    const user = await createUser(server.db);
    const admin = await createAdmin(server.db);
    const ordinary = server.client();
    await ordinary.login(user.username, user.password);
    const adminClient = server.client();
    await adminClient.login(admin.username, admin.password);

    for (const [client, status] of [
      [server.client(), 401],
      [ordinary, 403],
      [adminClient, 403],
    ] as const) {
      expect((await client.get('/api/option/')).status).toBe(status);
      const write = await put('SystemName', 'Taken over', client);
      expect(write.status).toBe(status);
      expect(write.json.success).toBe(false);
      expect((await client.post('/api/option/rest_model_ratio')).status).toBe(status);
    }
    expect(await stored('SystemName')).toBe(OPTION_DEFINITIONS.SystemName.default);
  });
});

describe('round trip', () => {
  it('stores every key and GET /api/option/ returns it (secrets only as set)', async () => {
    // Text first: some switches need their settings filled in before they may be turned on.
    const order = [...OPTION_KEYS].sort(
      (a, b) => Number(a.endsWith('Enabled')) - Number(b.endsWith('Enabled')),
    );
    for (const key of order) {
      const reply = await put(key, sampleValue(key));
      expect(reply.json, key).toMatchObject({ success: true, message: 'Saved' });
    }
    const entries = await listed();
    for (const key of OPTION_KEYS) {
      expect(await stored(key), key).toBe(sampleValue(key));
      expect(server.runtime.options.get(key), key).toBe(sampleValue(key));
      if (isSecretOption(key)) {
        expect(entries.get(key), key).toEqual({ key, value: '', secret: true, set: true });
      } else {
        expect(entries.get(key), key).toEqual({ key, value: sampleValue(key) });
      }
    }
    // Put the defaults back for the other cases of this file.
    for (const key of [...order].reverse()) {
      expect((await put(key, OPTION_DEFINITIONS[key].default)).json.success, key).toBe(true);
    }
  });
});

describe('invalid values', () => {
  const refusals: [OptionKey, string, string][] = [
    ['GroupRatio', '{"default":1,', 'Group ratio is not a valid JSON string'],
    ['ModelRatio', 'gpt-4: 15', 'Model ratio is not a valid JSON string'],
    ['ModelPrice', '[1,2]', 'Model fixed price must be a JSON object'],
    ['CompletionRatio', '{"gpt-4":"two"}', 'Completion ratio must be a JSON object'],
    ['GroupRatio', '{"vip":-1}', 'Group ratio must be a JSON object'],
    ['TopupGroupRatio', 'null', 'Top-up group ratio must be a JSON object'],
    ['RegisterEnabled', 'yes', 'must be true or false'],
    ['QuotaForNewUser', '12.5', 'must be an integer'],
    ['QuotaForInviter', '-1', 'must not be less than 0'],
    ['Price', 'cheap', 'must be a number'],
    ['RetryTimes', '11', 'must not be greater than 10'],
    ['DataExportInterval', '0', 'must not be less than 1'],
    ['SMTPPort', '70000', 'must not be greater than 65535'],
    ['DataExportDefaultTime', 'month', 'must be one of hour, day, week'],
    ['ServerAddress', 'javascript:alert(1)', 'must be an address starting with http'],
    ['ChatLink', 'chat.example.com', 'must be an address starting with http'],
    ['Footer', 'x'.repeat(65_536), 'must not be longer than 65535 characters'],
  ];

  it.each(refusals)('%s = %s is refused and not stored', async (key, value, message) => {
    const before = await stored(key);
    const reply = await put(key, value);
    expect(reply.status).toBe(200);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toContain(message);
    expect(await stored(key)).toBe(before);
    expect(server.runtime.options.get(key)).toBe(before);
  });

  it('says the spec messages in Chinese', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    const group = await root.put('/api/option/', { key: 'GroupRatio', value: '{' }, zh);
    expect(group.json.message).toBe('分组倍率不是合法的 JSON 字符串');
    const topup = await root.put('/api/option/', { key: 'TopupGroupRatio', value: '{' }, zh);
    expect(topup.json.message).toBe('充值分组倍率不是合法的 JSON 字符串');
  });

  it('refuses unknown keys and the private session secret row', async () => {
    for (const key of ['NoSuchOption', '_SessionSecret', 'constructor']) {
      const reply = await put(key, 'x');
      expect(reply.json.success, key).toBe(false);
    }
    expect(await stored('NoSuchOption')).toBeUndefined();
  });

  it('stores the longest text allowed, in Chinese too, on every engine', async () => {
    const about = '关于'.repeat(65_535 / 2);
    const reply = await put('About', about);
    expect(reply.json.success).toBe(true);
    expect(await stored('About')).toBe(about);
    await put('About', '');
  });

  it('accepts blank addresses and valid ratio maps', async () => {
    expect((await put('ChatLink', '')).json.success).toBe(true);
    expect((await put('GroupRatio', '{"default":1,"vip":0.5}')).json.success).toBe(true);
    expect(server.runtime.options.getJson('GroupRatio')).toEqual({ default: 1, vip: 0.5 });
    await put('GroupRatio', OPTION_DEFINITIONS.GroupRatio.default);
  });
});

describe('secrets', () => {
  it('are write-only: never returned, shown as set, and can be cleared', async () => {
    expect((await listed()).get('SMTPToken')).toMatchObject({ value: '', set: false });
    expect((await put('SMTPToken', 'smtp-very-secret')).json.success).toBe(true);
    const reply = await root.get('/api/option/');
    expect(reply.text).not.toContain('smtp-very-secret');
    expect((await listed()).get('SMTPToken')).toEqual({
      key: 'SMTPToken',
      value: '',
      secret: true,
      set: true,
    });
    expect(server.runtime.options.get('SMTPToken')).toBe('smtp-very-secret');

    expect((await put('SMTPToken', '')).json.success).toBe(true);
    expect((await listed()).get('SMTPToken')).toMatchObject({ value: '', set: false });
  });

  it('never appear in /api/status', async () => {
    for (const key of OPTION_KEYS.filter(isSecretOption)) await put(key, `secret-of-${key}`);
    const status = await server.client().get('/api/status');
    for (const key of OPTION_KEYS.filter(isSecretOption)) {
      expect(status.text).not.toContain(`secret-of-${key}`);
      await put(key, '');
    }
  });
});

describe('changes take effect without a restart', () => {
  it('/api/status follows the options the console reads', async () => {
    await put('DrawingEnabled', 'false');
    await put('ChatLink', 'https://chat.example.com');
    await put('Footer', '<b>Run by us</b>');
    await put('PasswordLoginEnabled', 'false');
    await put('DefaultCollapseSidebar', 'true');
    const status = (await server.client().get<PublicStatus>('/api/status')).json.data;
    expect(status).toMatchObject({
      enable_drawing: false,
      chat_link: 'https://chat.example.com',
      footer_html: '<b>Run by us</b>',
      password_login: false,
      default_collapse_sidebar: true,
    });
    for (const key of [
      'DrawingEnabled',
      'ChatLink',
      'Footer',
      'PasswordLoginEnabled',
      'DefaultCollapseSidebar',
    ] as const) {
      await put(key, OPTION_DEFINITIONS[key].default);
    }
  });

  it('password login off refuses password sign-in until it is turned back on', async () => {
    const user = await createUser(server.db);
    await put('PasswordLoginEnabled', 'false');
    expect((await server.client().login(user.username, user.password)).json.success).toBe(false);
    await put('PasswordLoginEnabled', 'true');
    expect((await server.client().login(user.username, user.password)).json.success).toBe(true);
  });

  it('the relay pricing reads new ratios', async () => {
    const pricing = new PricingRules(server.runtime.options);
    await put('ModelRatio', '{"my-model":7}');
    await put('GroupRatio', '{"default":1,"vip":2.5}');
    expect(pricing.forModel('my-model').modelRatio).toBe(7);
    expect(pricing.groupRatio('vip')).toBe(2.5);
    await put('GroupRatio', OPTION_DEFINITIONS.GroupRatio.default);
  });
});

describe('POST /api/option/rest_model_ratio', () => {
  it('puts the built-in model ratios back', async () => {
    await put('ModelRatio', '{"only-this":1}');
    const reply = await root.post('/api/option/rest_model_ratio');
    expect(reply.json).toMatchObject({ success: true, message: 'Model ratios have been reset' });
    expect(await stored('ModelRatio')).toBe(OPTION_DEFINITIONS.ModelRatio.default);
    expect((await listed()).get('ModelRatio')?.value).toBe(OPTION_DEFINITIONS.ModelRatio.default);
  });
});
