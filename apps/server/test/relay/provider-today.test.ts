// Today's OpenAI-shaped providers are registry rows only: each relays under its own path prefix
// with the right stream-usage behaviour, and the balances of the providers that publish one are
// read from their endpoints; other types answer "not supported" in the admin's language.
import {
  CHANNEL_TYPES,
  type Channel,
  type ChannelBalance,
  channelTypeById,
} from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { currencyOfHost } from '../../src/modules/channels/upstream';
import { compatibleUrl } from '../../src/relay/adapters/openai-compatible';
import { CHANNEL_KEYS } from '../fakes/providers/credentials';
import { REPLY_TEXT } from '../fakes/providers/wire';
import { channelRow } from '../helpers/channels';
import {
  chat,
  expectBadKeyDisables,
  expectChatAndStream,
  seedProviderChannel,
  useProviderHarness,
} from '../helpers/provider-channels';
import { channelRowOf } from '../helpers/relay-fixtures';

const h = useProviderHarness();

const compatible = (name: string, type: number, model: string) => ({
  name,
  type,
  key: CHANNEL_KEYS.compatible,
  badKey: 'sk-wrong',
  model,
});

describe('OpenAI-shaped providers from the registry', () => {
  it('DeepSeek: /v1 paths, stream usage asked for and billed', async () => {
    await expectChatAndStream(h, compatible('DeepSeek', 43, 'deepseek-chat'), REPLY_TEXT);
    const streamed = h.fake.calls.filter((call) => call.path === '/v1/chat/completions').at(-1);
    expect(streamed?.body?.stream_options).toEqual({ include_usage: true });
  });

  it('Volcengine Ark: /api/v3 paths', async () => {
    const c = compatible('Ark', 45, 'doubao-1-5-pro-32k-250115');
    await expectChatAndStream(h, c, REPLY_TEXT);
    expect(h.fake.calls.at(-1)?.path).toBe('/api/v3/chat/completions');
  });

  it('Perplexity: no prefix, no stream_options; a stream without usage is counted', async () => {
    const { alias } = await seedProviderChannel(h, compatible('Perplexity', 27, 'sonar'));
    const streamed = await chat(h, alias, { stream: true });
    expect(streamed.status).toBe(200);
    const call = h.fake.calls.at(-1);
    expect(call?.path).toBe('/chat/completions');
    expect(call?.body).not.toHaveProperty('stream_options');
    expect(JSON.parse(streamed.log?.other ?? '{}').usage_counted).toBe(true);
  });

  it('a refused key disables the channel', async () => {
    await expectBadKeyDisables(h, compatible('xAI', 48, 'grok-3'));
  });

  it('Cloudflare: the account id of `other` goes into the default base URL', () => {
    const channel = channelRowOf({ type: 39, base_url: null, other: 'acc123' });
    const ctx = {
      mode: 'chat' as const,
      channel,
      model: 'm',
      body: { model: 'm', messages: [] },
      stream: false,
      includeUsage: false,
    };
    expect(compatibleUrl(ctx).href).toBe(
      'https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions',
    );
  });

  it('uses the reference ids where it has the provider and collides with none of its others', () => {
    const ids = (key: string) => CHANNEL_TYPES.find((type) => type.key === key)?.id;
    expect([ids('openrouter'), ids('perplexity'), ids('jina'), ids('cloudflare')]).toEqual([
      20, 27, 38, 39,
    ]);
    const reference = [
      1, 2, 3, 4, 5, 8, 14, 15, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38,
      39,
    ];
    const fresh = [
      'deepseek',
      'xai',
      'siliconflow',
      'volcengine',
      'mistral',
      'groq',
      'together',
      'fireworks',
    ];
    for (const key of fresh) expect(reference).not.toContain(ids(key));
    expect(new Set(CHANNEL_TYPES.map((type) => type.id)).size).toBe(CHANNEL_TYPES.length);
  });
});

describe('balances', () => {
  // SiliconFlow and Moonshot on loopback count as their international (dollar) platforms.
  const cases: [string, number, number, string, string][] = [
    ['OpenRouter: credits minus usage', 20, 20.5, 'USD', ''],
    ['DeepSeek: the USD balance', 43, 12.5, 'USD', ''],
    ['DeepSeek: a yuan-only account in yuan', 43, 110, 'CNY', '/cny'],
    ['SiliconFlow: the total balance', 40, 88.88, 'USD', ''],
    ['Moonshot: the available balance', 25, 49.58894, 'USD', ''],
  ];
  it.each(cases)('%s', async (_name, type, balance, currency, path) => {
    expect(channelTypeById(type)?.balance).toBeDefined();
    const c = compatible(`balance ${type}`, type, 'm');
    const { id } = await seedProviderChannel(h, { ...c, baseUrl: (fake) => `${fake.url}${path}` });
    const reply = await h.admin.get<ChannelBalance>(`/api/channel/update_balance/${id}`);
    expect(reply.json.success, reply.json.message).toBe(true);
    expect(reply.json.data?.balance).toBeCloseTo(balance, 5);
    expect(reply.json.data?.balance_currency).toBe(currency);
    const row = await channelRow(h.relay.db, id);
    expect(row.balance).toBeCloseTo(balance, 5);
    expect(row.balance_currency).toBe(currency);
    const listed = await h.admin.get<Channel>(`/api/channel/${id}`);
    expect(listed.json.data?.balance_currency).toBe(currency);
  });

  it("takes SiliconFlow's and Moonshot's currency from their platform's host", () => {
    expect(currencyOfHost('https://api.siliconflow.cn/v1')).toBe('CNY');
    expect(currencyOfHost('https://api.moonshot.cn')).toBe('CNY');
    expect(currencyOfHost('https://api.siliconflow.com')).toBe('USD');
    expect(currencyOfHost('https://api.moonshot.ai/v1')).toBe('USD');
    expect(currencyOfHost('not a url')).toBe('USD');
  });

  it('a refused key reports the failure and stores nothing', async () => {
    const { id } = await seedProviderChannel(h, compatible('balance bad', 43, 'm'), 'sk-wrong');
    const reply = await h.admin.get(`/api/channel/update_balance/${id}`);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toMatch(/HTTP 401/);
    expect((await channelRow(h.relay.db, id)).balance_updated_time).toBe(0);
  });

  it('types without a balance endpoint are "not supported" in zh and en', async () => {
    const c = {
      name: 'Cohere',
      type: 34,
      key: CHANNEL_KEYS.cohere,
      badKey: '',
      model: 'command-r',
    };
    const { id } = await seedProviderChannel(h, c);
    const en = await h.admin.get(`/api/channel/update_balance/${id}`, { 'accept-language': 'en' });
    expect(en.json).toMatchObject({
      success: false,
      message: 'This channel type has no balance query',
    });
    const zh = await h.admin.get(`/api/channel/update_balance/${id}`, { 'accept-language': 'zh' });
    expect(zh.json.success).toBe(false);
    expect(zh.json.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
