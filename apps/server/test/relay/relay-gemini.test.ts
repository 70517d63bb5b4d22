// Gemini's API (/v1beta/models/{model}:generateContent, :streamGenerateContent?alt=sse,
// :countTokens, GET /v1beta/models): forwarded to Gemini channels, translated for the others.
import { describe, expect, it } from 'vitest';
import {
  anthropicToolStream,
  geminiReply,
  geminiToolStream,
  openAiCompletion,
  openAiTextStream,
  weatherTool,
} from '../fakes/fixtures/provider-streams';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const generate = (key: string, model: string, body: Record<string, unknown>, stream = false) =>
  h.call(
    `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    {
      headers: { 'x-goog-api-key': key },
      body,
    },
  );

describe('Gemini → Gemini (forwarded as received)', () => {
  it('keeps thought signatures, safety settings and unknown fields; key in ?key=', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script(':generateContent', { json: geminiReply([{ text: 'Hello' }]) });
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hey', thoughtSignature: 'c2ln' }] },
        { role: 'user', parts: [{ text: 'Again' }] },
      ],
      safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
      cachedContent: 'cachedContents/abc',
    };
    const answer = await h.call(`/v1beta/models/gemini-x:generateContent?key=${key}`, { body });
    expect(answer.status).toBe(200);
    expect(answer.json().candidates[0].content.parts[0].text).toBe('Hello');
    const sent = h.lastUpstream();
    expect(sent.path).toBe('/v1beta/models/gemini-x:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('ge-key');
    expect(sent.body).toEqual(body);
    const log = await h.lastLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 7 });
    expect(log.other.dialect).toBe('gemini');
  });

  it('streams with alt=sse byte for byte and bills thoughts as output', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script(':streamGenerateContent', { frames: geminiToolStream });
    const answer = await generate(
      key,
      'gemini-x',
      { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] },
      true,
    );
    expect(answer.text).toBe(geminiToolStream.join(''));
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(h.lastUpstream().search).toBe('?alt=sse');
    const log = await h.lastLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 33, completion_tokens: 14 });
    expect(log.other.reasoning_tokens).toBe(5);
  });
});

describe('Gemini → OpenAI and Anthropic (translated)', () => {
  it('sends a functionCall / functionResponse turn as a tool call and a tool message', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', {
      json: openAiCompletion({ content: 'Sunny, 21°C.' }),
    });
    const answer = await generate(key, 'gpt-x', {
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_weather', response: { sky: 'clear' } } }],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              ...weatherTool,
              parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
            },
          ],
        },
      ],
      generationConfig: { temperature: 0.2, maxOutputTokens: 100, stopSequences: ['END'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Sunny, 21°C.' }] }, finishReason: 'STOP' },
      ],
      usageMetadata: {
        promptTokenCount: 40,
        candidatesTokenCount: 6,
        thoughtsTokenCount: 4,
        totalTokenCount: 50,
      },
    });
    const sent = h.lastUpstream().body;
    expect(sent).toMatchObject({
      model: 'gpt-x',
      temperature: 0.2,
      max_tokens: 100,
      stop: ['END'],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
    });
    const [system, user, assistant, tool] = sent.messages;
    expect(system).toEqual({ role: 'system', content: 'Be brief.' });
    expect(user).toEqual({ role: 'user', content: 'Weather in Paris?' });
    expect(assistant.tool_calls[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(tool).toEqual({
      role: 'tool',
      tool_call_id: assistant.tool_calls[0].id,
      content: '{"sky":"clear"}',
    });
  });

  it('carries responseSchema as a json_schema response_format', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', {
      json: openAiCompletion({ content: '{"name":"Ada"}' }),
    });
    const answer = await generate(key, 'gpt-x', {
      contents: [{ role: 'user', parts: [{ text: 'A name' }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          properties: { name: { type: 'STRING' } },
          required: ['name'],
        },
      },
    });
    expect(answer.json().candidates[0].content.parts[0].text).toBe('{"name":"Ada"}');
    expect(h.lastUpstream().body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    });
  });

  it('streams an Anthropic tool call as a whole functionCall with finishReason and usage', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream });
    const answer = await generate(
      key,
      'claude-x',
      { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] },
      true,
    );
    const got = events(answer.text).map((e) => e.data);
    expect(got[0].candidates[0].content.parts[0]).toEqual({
      text: 'Weather needs a tool.',
      thought: true,
    });
    const last = got.at(-1);
    expect(last.candidates[0]).toMatchObject({
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'toolu_01', name: 'get_weather', args: { city: 'Paris' } } }],
      },
      finishReason: 'STOP',
    });
    expect(last.usageMetadata).toMatchObject({
      promptTokenCount: 135,
      cachedContentTokenCount: 100,
      candidatesTokenCount: 30,
    });
    // The Anthropic upstream got the conversation as Messages.
    expect(h.lastUpstream().body).toMatchObject({
      model: 'claude-x',
      stream: true,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
  });

  it('ends a stream the upstream broke off with an error object', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { frames: openAiTextStream(), cutAfter: 2 });
    const answer = await generate(
      key,
      'gpt-x',
      { contents: [{ role: 'user', parts: [{ text: 'Sky?' }] }] },
      true,
    );
    const got = events(answer.text);
    expect(got.at(-1)?.data).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
    expect((await h.lastLog(user.id)).other.stream_cut).toBe('upstream');
  });

  it('refuses a Google search tool for a non-Gemini channel, naming it', async () => {
    const { key } = await h.newCaller();
    const answer = await generate(key, 'gpt-x', {
      contents: [{ role: 'user', parts: [{ text: 'News?' }] }],
      tools: [{ googleSearch: {} }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(answer.json().error.message).toContain('googleSearch');
  });
});

describe('Gemini models, countTokens and errors', () => {
  it('lists models and counts tokens', async () => {
    const { key } = await h.newCaller();
    const list = await h.call('/v1beta/models', { headers: { 'x-goog-api-key': key } });
    expect(list.json().models).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'models/gemini-x' })]),
    );
    const one = await h.call(`/v1beta/models/gemini-x?key=${key}`);
    expect(one.json()).toMatchObject({
      name: 'models/gemini-x',
      supportedGenerationMethods: expect.arrayContaining(['generateContent']),
    });
    const count = await h.call('/v1beta/models/gemini-x:countTokens', {
      headers: { 'x-goog-api-key': key },
      body: {
        contents: [{ role: 'user', parts: [{ text: 'How many tokens is this sentence?' }] }],
      },
    });
    expect(count.json().totalTokens).toBeGreaterThan(5);
  });

  it('answers in Google error shapes', async () => {
    const { key } = await h.newCaller();
    const unknown = await generate(key, 'nope', {
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    const denied = await generate('bad', 'gemini-x', { contents: [] });
    expect(denied.status).toBe(401);
    expect(denied.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});
