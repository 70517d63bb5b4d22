// Embeddings and rerank through the native providers that offer them: the OpenAI-shaped reply
// from each provider's own endpoint, billed from the tokens the provider reports.
import { describe, expect, it } from 'vitest';
import { CHANNEL_KEYS } from '../fakes/providers/credentials';
import { newCaller, seedProviderChannel, useProviderHarness } from '../helpers/provider-channels';
import { waitForLogs } from '../helpers/relay-fixtures';

const h = useProviderHarness();

async function post(path: string, body: Record<string, unknown>) {
  const { user, token } = await newCaller(h);
  const response = await fetch(`${h.relay.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.authorization },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  const [log] = response.status === 200 ? await waitForLogs(h.relay.db, user.id) : [];
  return { status: response.status, json, log, upstream: h.fake.calls.at(-1) };
}

const EMBEDDERS = [
  {
    name: 'Baidu',
    type: 15,
    key: CHANNEL_KEYS.baidu,
    model: 'Embedding-V1',
    path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1',
  },
  {
    name: 'DashScope',
    type: 17,
    key: CHANNEL_KEYS.dashscope,
    model: 'text-embedding-v1',
    path: '/api/v1/services/embeddings/text-embedding/text-embedding',
  },
  {
    name: 'Zhipu v4',
    type: 26,
    key: CHANNEL_KEYS.zhipu,
    model: 'embedding-2',
    path: '/api/paas/v4/embeddings',
  },
  {
    name: 'Cohere',
    type: 34,
    key: CHANNEL_KEYS.cohere,
    model: 'embed-multilingual-v3.0',
    path: '/v2/embed',
  },
];

describe.each(EMBEDDERS)('$name embeddings', (c) => {
  it('answers OpenAI embeddings from the native endpoint, billed', async () => {
    const { alias } = await seedProviderChannel(h, { ...c, badKey: '' });
    const reply = await post('/v1/embeddings', { model: alias, input: ['one', 'two'] });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.upstream?.path).toBe(c.path);
    const data = reply.json.data as { index: number; embedding: number[] }[];
    expect(data.map((item) => item.index)).toEqual([0, 1]);
    expect(data[0]?.embedding).toEqual([0.1, 0.2, 0.3]);
    expect(reply.log).toMatchObject({ prompt_tokens: 11, completion_tokens: 0 });
    expect(reply.log?.quota).toBeGreaterThan(0);
  });
});

describe('Cohere rerank', () => {
  it('answers the ranked results from /v2/rerank', async () => {
    const c = {
      name: 'Cohere rerank',
      type: 34,
      key: CHANNEL_KEYS.cohere,
      badKey: '',
      model: 'rerank-v3.5',
    };
    const { alias } = await seedProviderChannel(h, c);
    const reply = await post('/v1/rerank', {
      model: alias,
      query: 'which?',
      documents: ['a', 'b'],
      top_n: 2,
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.upstream?.path).toBe('/v2/rerank');
    expect(reply.upstream?.body).toMatchObject({ model: 'rerank-v3.5', query: 'which?', top_n: 2 });
    expect(reply.json.results).toEqual([
      { index: 1, relevance_score: 0.9 },
      { index: 0, relevance_score: 0.1 },
    ]);
    expect(reply.log?.quota).toBeGreaterThan(0);
  });
});
