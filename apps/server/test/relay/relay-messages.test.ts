// POST /v1/messages (Anthropic Messages): forwarded as received to Anthropic channels,
// translated for OpenAI, Gemini and Ollama ones; its events, errors, auth and count_tokens.
import { describe, expect, it } from 'vitest';
import {
  anthropicReply,
  anthropicToolStream,
  geminiReply,
  openAiCompletion,
  openAiToolStream,
} from '../fakes/fixtures/provider-streams';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const weather = {
  name: 'get_weather',
  description: 'Weather of a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const messages = (
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  h.call('/v1/messages', {
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', ...headers },
    body: { max_tokens: 256, ...body },
  });

describe('Messages → Anthropic (forwarded as received)', () => {
  it('keeps thinking signatures, cache_control and unknown fields, passes version and betas', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/messages', { json: anthropicReply([{ type: 'text', text: 'Hi!' }]) });
    const body = {
      model: 'claude-x',
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'Hello' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Greet back.', signature: 'sig-abc' },
            { type: 'text', text: 'Hello.' },
          ],
        },
        { role: 'user', content: 'Again' },
      ],
      thinking: { type: 'enabled', budget_tokens: 1024 },
      some_future_field: { kept: true },
    };
    const answer = await messages(key, body, {
      'anthropic-beta': 'interleaved-thinking-2025-05-14',
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      type: 'message',
      content: [{ type: 'text', text: 'Hi!' }],
    });
    const sent = h.lastUpstream();
    expect(sent.path).toBe('/v1/messages');
    expect(sent.body).toEqual({ ...body, max_tokens: 256 });
    expect(sent.headers).toMatchObject({
      'x-api-key': 'an-key',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'interleaved-thinking-2025-05-14',
    });
    const log = await h.lastLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 20, completion_tokens: 8, model_name: 'claude-x' });
    expect(log.other.dialect).toBe('anthropic');
  });

  it('streams the upstream events byte for byte and bills cache reads and writes', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream });
    const answer = await messages(key, {
      model: 'claude-x',
      stream: true,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    expect(answer.text).toBe(anthropicToolStream.join(''));
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const log = await h.lastLog(user.id);
    // 25 uncached + 100 read + 10 written.
    expect(log).toMatchObject({ prompt_tokens: 135, completion_tokens: 30 });
    expect(log.other).toMatchObject({ cached_tokens: 100, cache_write_tokens: 10 });
  });
  it('answers a browser preflight naming Authorization, cached, with the limit headers readable', async () => {
    for (const path of [
      '/v1/messages',
      '/v1/chat/completions',
      '/v1beta/models/gemini-x:generateContent',
    ]) {
      const answer = await h.call(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:9',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-api-key',
        },
      });
      expect(answer.status).toBe(204);
      // The Fetch standard's `*` never covers Authorization: it has to be named.
      const allowed = answer.headers.get('access-control-allow-headers')?.split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', '*']));
      expect(Number(answer.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      const exposed = answer.headers.get('access-control-expose-headers')?.split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining(['retry-after', 'x-ratelimit-remaining-requests', 'x-request-id']),
      );
    }
  });

  it('ends a forwarded stream the upstream broke off with an Anthropic error event', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream, cutAfter: 4 });
    const answer = await messages(key, {
      model: 'claude-x',
      stream: true,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    expect(answer.text.startsWith(anthropicToolStream.slice(0, 4).join(''))).toBe(true);
    expect(events(answer.text).at(-1)).toMatchObject({
      event: 'error',
      data: { type: 'error', error: { type: 'api_error' } },
    });
    expect((await h.lastLog(user.id)).other.stream_cut).toBe('upstream');
  });
});

describe('Messages → OpenAI (translated)', () => {
  it('streams a tool call as tool_use with input_json_delta, stop_reason tool_use and usage', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { frames: openAiToolStream });
    const answer = await messages(key, {
      model: 'gpt-x',
      stream: true,
      system: 'Use tools.',
      tools: [weather],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const sent = h.lastUpstream().body;
    expect(sent).toMatchObject({
      model: 'gpt-x',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather', parameters: weather.input_schema } },
      ],
      tool_choice: 'auto',
      parallel_tool_calls: false,
      max_tokens: 256,
    });
    const got = events(answer.text);
    expect(got.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(got[2]?.data.content_block).toEqual({
      type: 'tool_use',
      id: 'call_abc',
      name: 'get_weather',
      input: {},
    });
    const json = got
      .filter((e) => e.data.delta?.type === 'input_json_delta')
      .map((e) => e.data.delta.partial_json);
    expect(JSON.parse(json.join(''))).toEqual({ city: 'Paris' });
    expect(got[6]?.data).toMatchObject({
      delta: { stop_reason: 'tool_use' },
      usage: { input_tokens: 30, cache_read_input_tokens: 20, output_tokens: 12 },
    });
    const log = await h.lastLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 50, completion_tokens: 12 });
  });

  it('sends a tool-result turn as an assistant tool call and a tool message', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', {
      json: openAiCompletion({ content: 'It is sunny.' }),
    });
    const answer = await messages(key, {
      model: 'gpt-x',
      tools: [weather],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_9', content: '{"sky":"clear"}' },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'It is sunny.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 40, output_tokens: 10 },
    });
    expect(h.lastUpstream().body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'toolu_9',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_9', content: '{"sky":"clear"}' },
      { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
    ]);
  });

  it('refuses a server tool it cannot carry with a 400 naming it', async () => {
    const { key } = await h.newCaller();
    const before = h.upstream.requests.length;
    const answer = await messages(key, {
      model: 'gpt-x',
      tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      messages: [{ role: 'user', content: 'News?' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
    expect(answer.json().error.message).toContain('web_search_20250305');
    expect(h.upstream.requests.length).toBe(before);
  });

  it('ends a stream the upstream broke off with an Anthropic error event and logs why', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { frames: openAiToolStream, cutAfter: 3 });
    const answer = await messages(key, {
      model: 'gpt-x',
      stream: true,
      messages: [{ role: 'user', content: 'x' }],
    });
    const got = events(answer.text);
    expect(got.at(-1)).toMatchObject({
      event: 'error',
      data: { type: 'error', error: { type: 'api_error' } },
    });
    expect(got.some((e) => e.event === 'message_stop')).toBe(false);
    const log = await h.lastLog(user.id);
    expect(log.other).toMatchObject({
      stream_cut: 'upstream',
      stream_cut_reason: expect.any(String),
    });
  });
});

describe('Messages → Gemini and Ollama (translated)', () => {
  it('turns a Gemini functionCall into a tool_use block', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':generateContent', {
      json: geminiReply([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }]),
    });
    const answer = await messages(key, {
      model: 'gemini-x',
      tools: [weather],
      tool_choice: { type: 'tool', name: 'get_weather' },
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    expect(answer.json()).toMatchObject({
      content: [{ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } }],
      stop_reason: 'tool_use',
    });
    expect(h.lastUpstream().body).toMatchObject({
      tools: [
        {
          functionDeclarations: [
            { name: 'get_weather', parametersJsonSchema: weather.input_schema },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      generationConfig: { maxOutputTokens: 256 },
    });
  });

  it('streams an Ollama reply as text blocks', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/api/chat', {
      lines: [
        { model: 'llama-x', message: { role: 'assistant', content: 'Hi ' }, done: false },
        { model: 'llama-x', message: { role: 'assistant', content: 'there' }, done: false },
        {
          model: 'llama-x',
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: 9,
          eval_count: 2,
        },
      ],
    });
    const answer = await messages(key, {
      model: 'llama-x',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const text = events(answer.text)
      .filter((e) => e.data.delta?.type === 'text_delta')
      .map((e) => e.data.delta.text)
      .join('');
    expect(text).toBe('Hi there');
    expect(events(answer.text).at(-2)?.data).toMatchObject({
      usage: { input_tokens: 9, output_tokens: 2 },
    });
  });
});

describe('Messages auth, errors, count_tokens and models', () => {
  it('takes the key as Authorization: Bearer too', async () => {
    const { token } = await h.newCaller();
    h.upstream.script('/v1/messages', { json: anthropicReply([{ type: 'text', text: 'ok' }]) });
    const answer = await h.call('/v1/messages', {
      headers: { authorization: token.authorization },
      body: { model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
    });
    expect(answer.status).toBe(200);
  });

  it('answers in Anthropic error shapes, in English', async () => {
    const { key } = await h.newCaller();
    const unknown = await messages(key, {
      model: 'nope',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(unknown.json().error.message).toContain('No available channel for model nope');
    const noKey = await messages('sk-wrong', { model: 'claude-x', messages: [] });
    expect(noKey.status).toBe(401);
    expect(noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const chinese = await messages(
      key,
      { model: 'nope', messages: [] },
      { 'accept-language': 'zh-CN' },
    );
    expect(chinese.json().error.message).toContain('无可用渠道');
  });

  it('relays an upstream error in Anthropic shape', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/messages', {
      status: 400,
      json: { type: 'error', error: { type: 'invalid_request_error', message: 'bad thing' } },
    });
    const answer = await messages(key, {
      model: 'claude-x',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
    expect(answer.json().error.message).toContain('bad thing');
  });

  it('counts tokens locally, without calling an upstream, for a model no Anthropic channel serves', async () => {
    const { key } = await h.newCaller();
    const before = h.upstream.requests.length;
    const answer = await h.call('/v1/messages/count_tokens', {
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: {
        model: 'gpt-x',
        tools: [weather],
        messages: [{ role: 'user', content: 'How is the weather in Paris today?' }],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json().input_tokens).toBeGreaterThan(10);
    expect(h.upstream.requests.length).toBe(before);
  });

  it('lists models in Anthropic shape when anthropic-version is sent', async () => {
    const { key } = await h.newCaller();
    const answer = await h.call('/v1/models', {
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    });
    expect(answer.status).toBe(200);
    const body = answer.json();
    expect(body.has_more).toBe(false);
    expect(body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'model', id: 'claude-x' })]),
    );
  });
});
