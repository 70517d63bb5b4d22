// Chat completions to Anthropic, Gemini and Ollama channels: tools, tool results, streamed
// argument deltas, structured output, images and reasoning cross families; nothing is dropped.
import { describe, expect, it } from 'vitest';
import {
  anthropicReply,
  anthropicToolStream,
  geminiReply,
  geminiToolStream,
  weatherTool,
} from '../fakes/fixtures/provider-streams';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const chat = (key: string, body: Record<string, unknown>) =>
  h.call('/v1/chat/completions', { headers: { authorization: `Bearer ${key}` }, body });

const tools = [{ type: 'function', function: weatherTool }];

describe('chat completions → Anthropic', () => {
  it('streams thinking, then tool-call argument deltas, with finish reason and cache usage', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream });
    const answer = await chat(key, {
      model: 'claude-x',
      stream: true,
      stream_options: { include_usage: true },
      tools,
      tool_choice: 'required',
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    const chunks = events(answer.text)
      .filter((e) => e.data !== '[DONE]')
      .map((e) => e.data);
    expect(events(answer.text).at(-1)?.data).toBe('[DONE]');
    const reasoning = chunks.map((c) => c.choices[0]?.delta?.reasoning_content ?? '').join('');
    expect(reasoning).toBe('Weather needs a tool.');
    const calls = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(calls[0]).toMatchObject({
      index: 0,
      id: 'toolu_01',
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(JSON.parse(calls.map((c) => c.function.arguments ?? '').join(''))).toEqual({
      city: 'Paris',
    });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe(
      'tool_calls',
    );
    expect(chunks.at(-1)?.usage).toMatchObject({
      prompt_tokens: 135,
      completion_tokens: 30,
      prompt_tokens_details: { cached_tokens: 100, cache_write_tokens: 10 },
    });
    expect(h.lastUpstream().body).toMatchObject({
      tools: [{ name: 'get_weather', input_schema: weatherTool.parameters }],
      tool_choice: { type: 'any' },
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    expect((await h.lastLog(user.id)).other).toMatchObject({
      cached_tokens: 100,
      cache_write_tokens: 10,
    });
  });

  it('sends tool results and images as tool_result and image blocks, and answers tool calls whole', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/messages', {
      json: anthropicReply(
        [
          { type: 'text', text: 'Two calls.' },
          { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Rome' } },
          { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Oslo' } },
        ],
        'tool_use',
      ),
    });
    const answer = await chat(key, {
      model: 'claude-x',
      tools,
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'toolu_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: 'sunny' },
      ],
    });
    expect(answer.json().choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        content: 'Two calls.',
        tool_calls: [
          {
            id: 'toolu_a',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
          },
          {
            id: 'toolu_b',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      },
    });
    expect(h.lastUpstream().body).toMatchObject({
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }],
        },
      ],
    });
  });

  it('refuses what Anthropic cannot take, naming it, before calling it', async () => {
    const { key } = await h.newCaller();
    const before = h.upstream.requests.length;
    const answer = await chat(key, {
      model: 'claude-x',
      n: 2,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'unsupported_parameter', param: 'n' });
    expect(answer.json().error.message).toBe(
      `The parameter n cannot be carried to Anthropic (request id: ${answer.headers.get('x-request-id')})`,
    );
    expect(h.upstream.requests.length).toBe(before);
  });
});

describe('chat completions → Gemini and Ollama', () => {
  it('streams a Gemini function call as one tool-call delta with reasoning tokens in usage', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':streamGenerateContent', { frames: geminiToolStream });
    const answer = await chat(key, {
      model: 'gemini-x',
      stream: true,
      stream_options: { include_usage: true },
      tools,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    const chunks = events(answer.text)
      .filter((e) => e.data !== '[DONE]')
      .map((e) => e.data);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Let me check.');
    const call = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? [])[0];
    expect(call).toMatchObject({
      index: 0,
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe(
      'tool_calls',
    );
    expect(chunks.at(-1)?.usage).toMatchObject({
      prompt_tokens: 33,
      completion_tokens: 14,
      completion_tokens_details: { reasoning_tokens: 5 },
    });
  });

  it('carries json_schema and base64 images to Gemini', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':generateContent', { json: geminiReply([{ text: '{"n":1}' }]) });
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const answer = await chat(key, {
      model: 'gemini-x',
      response_format: { type: 'json_schema', json_schema: { name: 'n', schema } },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Count' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ],
    });
    expect(answer.json().choices[0].message.content).toBe('{"n":1}');
    expect(h.lastUpstream().body).toMatchObject({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Count' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
      ],
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
    });
  });

  it('relays Ollama tool calls and sends tool results back by name', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/api/chat', {
      json: {
        model: 'llama-x',
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Lima' } } }],
        },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 12,
        eval_count: 6,
      },
    });
    const answer = await chat(key, {
      model: 'llama-x',
      tools,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Quito"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'rain' },
      ],
    });
    expect(answer.json().choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        tool_calls: [
          { type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lima"}' } },
        ],
      },
    });
    expect(h.lastUpstream().body).toMatchObject({
      format: 'json',
      tools,
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Quito' } } }],
        },
        { role: 'tool', content: 'rain', tool_name: 'get_weather' },
      ],
    });
  });
});
