// Provider credentials made once and shared: Baidu's OAuth access token and Zhipu's JWT are
// cached for their lifetime, and 50 concurrent requests on a cold cache cause one exchange
// (one token signed); a token the provider stops accepting is exchanged again.
import { describe, expect, it } from 'vitest';
import { revokeBaiduTokens } from '../fakes/providers/baidu';
import { REPLY_TEXT } from '../fakes/providers/wire';
import { chat, seedProviderChannel, useProviderHarness } from '../helpers/provider-channels';

const h = useProviderHarness();

async function fifty(alias: string) {
  const replies = await Promise.all(Array.from({ length: 50 }, () => chat(h, alias)));
  for (const reply of replies) {
    expect(reply.status, reply.text).toBe(200);
    expect(JSON.parse(reply.text).choices[0].message.content).toBe(REPLY_TEXT);
  }
}

describe('credential caches', () => {
  it('Baidu: one token exchange for 50 concurrent requests, reused afterwards', async () => {
    const c = {
      name: 'ERNIE cache',
      type: 15,
      key: 'baidu-ak-2|baidu-sk-2',
      badKey: '',
      model: 'ERNIE-Speed-8K',
    };
    const { alias } = await seedProviderChannel(h, c);
    await fifty(alias);
    expect(h.fake.tokenExchanges.get('baidu-ak-2')).toBe(1);
    await chat(h, alias);
    expect(h.fake.tokenExchanges.get('baidu-ak-2')).toBe(1);
  });

  it('Zhipu v4: one JWT signed for 50 concurrent requests and used while valid', async () => {
    const c = {
      name: 'GLM cache',
      type: 26,
      key: 'zhipu-id-2.zhipu-secret-2',
      badKey: '',
      model: 'glm-4',
    };
    const { alias } = await seedProviderChannel(h, c);
    await fifty(alias);
    await chat(h, alias);
    expect(h.fake.jwtsSeen.get('zhipu-id-2')?.size).toBe(1);
  });

  it('Baidu: a token the API no longer accepts is exchanged again within the request', async () => {
    const c = {
      name: 'ERNIE expiry',
      type: 15,
      key: 'baidu-ak|baidu-sk',
      badKey: '',
      model: 'ERNIE-Lite-8K',
    };
    const { alias } = await seedProviderChannel(h, c);
    expect((await chat(h, alias)).status).toBe(200);
    const before = h.fake.tokenExchanges.get('baidu-ak') ?? 0;
    revokeBaiduTokens();
    // The request that meets the refused token (error 110) exchanges again and still succeeds.
    expect((await chat(h, alias)).status).toBe(200);
    expect(h.fake.tokenExchanges.get('baidu-ak')).toBe(before + 1);
  });
});
