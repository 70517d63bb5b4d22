// Token counts asked of the upstream that would serve them: Anthropic count_tokens to an
// Anthropic channel and Gemini countTokens to a Gemini channel, forwarded the way the
// pass-through forwards (keys, anthropic-version / anthropic-beta, the model mapped), the
// upstream's count returned; other families and failing upstreams get the local count. Never
// billed.
import { describe, expect, it } from 'vitest';
import { useDialectHarness } from '../helpers/dialect-harness';
import { logsOf, tokenBalance } from '../helpers/relay-fixtures';

const h = useDialectHarness();

const question = [{ role: 'user', content: 'How is the weather in Paris today?' }];
const anthropicHeaders = (key: string) => ({
  'x-api-key': key,
  'anthropic-version': '2023-06-01',
  'anthropic-beta': 'token-counting-2024-11-01',
});

describe('Anthropic count_tokens', () => {
  it('asks an Anthropic channel and answers its count, unbilled', async () => {
    const { user, token, key } = await h.newCaller();
    const balance = await tokenBalance(h.db, token.id);
    h.upstream.script('/v1/messages/count_tokens', { json: { input_tokens: 4242 } });
    const body = { model: 'claude-x', system: 'Be brief.', messages: question, new_field: 1 };
    const answer = await h.call('/v1/messages/count_tokens', {
      headers: anthropicHeaders(key),
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ input_tokens: 4242 });
    const sent = h.lastUpstream();
    expect(sent.path).toBe('/v1/messages/count_tokens');
    expect(sent.headers).toMatchObject({
      'x-api-key': 'an-key',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'token-counting-2024-11-01',
    });
    expect(sent.body).toEqual(body);
    expect(await tokenBalance(h.db, token.id)).toEqual(balance);
    expect(await logsOf(h.db, user.id)).toEqual([]);
  });

  it('counts locally when the Anthropic upstream cannot count', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/messages/count_tokens', {
      status: 404,
      json: { type: 'error', error: { type: 'not_found_error', message: 'no such endpoint' } },
    });
    const before = h.upstream.requests.length;
    const answer = await h.call('/v1/messages/count_tokens', {
      headers: anthropicHeaders(key),
      body: { model: 'claude-x', messages: question },
    });
    expect(h.upstream.requests.length).toBe(before + 1);
    expect(answer.status).toBe(200);
    expect(answer.json().input_tokens).toBeGreaterThan(5);
    expect(answer.json().input_tokens).toBeLessThan(100);
  });
});

describe('Gemini countTokens', () => {
  const contents = [{ role: 'user', parts: [{ text: 'How many tokens is this sentence?' }] }];

  it('asks a Gemini channel and answers its count, the inner request naming its model', async () => {
    const { user, key } = await h.newCaller();
    const reply = {
      totalTokens: 77,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 77 }],
    };
    h.upstream.script(':countTokens', { json: reply });
    const count = await h.call('/v1beta/models/gemini-x:countTokens', {
      headers: { 'x-goog-api-key': key },
      body: { contents },
    });
    expect(count.json()).toEqual(reply);
    let sent = h.lastUpstream();
    expect(sent.path).toBe('/v1beta/models/gemini-x:countTokens');
    expect(sent.headers['x-goog-api-key']).toBe('ge-key');
    expect(sent.body).toEqual({ contents });

    const wrapped = await h.call(`/v1beta/models/gemini-x:countTokens?key=${key}`, {
      body: { generateContentRequest: { model: 'models/what-the-client-said', contents } },
    });
    expect(wrapped.json().totalTokens).toBe(77);
    sent = h.lastUpstream();
    expect(sent.body).toEqual({ generateContentRequest: { model: 'models/gemini-x', contents } });
    expect(await logsOf(h.db, user.id)).toEqual([]);
  });

  it('counts locally for a model of another family', async () => {
    const { key } = await h.newCaller();
    const before = h.upstream.requests.length;
    const count = await h.call('/v1beta/models/claude-x:countTokens', {
      headers: { 'x-goog-api-key': key },
      body: { contents },
    });
    expect(count.json().totalTokens).toBeGreaterThan(5);
    expect(h.upstream.requests.length).toBe(before);
  });
});
