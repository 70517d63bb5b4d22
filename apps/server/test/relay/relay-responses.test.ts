// POST /v1/responses and GET / DELETE /v1/responses/{id}: forwarded to upstreams with the
// Responses API, translated (and kept per token) for chat-only ones; previous_response_id.
import { describe, expect, it } from 'vitest';
import {
  anthropicToolStream,
  openAiCompletion,
  openAiTextStream,
  weatherTool,
} from '../fakes/fixtures/provider-streams';
import { sse } from '../fakes/scripted-upstream';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const respond = (key: string, body: Record<string, unknown>) =>
  h.call('/v1/responses', { headers: { authorization: `Bearer ${key}` }, body });
const get = (key: string, id: string, method = 'GET') =>
  h.call(`/v1/responses/${id}`, { method, headers: { authorization: `Bearer ${key}` } });

const upstreamResponse = {
  id: 'resp_up1',
  object: 'response',
  status: 'completed',
  model: 'gpt-x',
  output: [
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Hi', annotations: [] }],
    },
  ],
  usage: {
    input_tokens: 11,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 3,
    output_tokens_details: { reasoning_tokens: 1 },
    total_tokens: 14,
  },
};

describe('Responses → OpenAI (forwarded as received)', () => {
  it('forwards the body, streams the events untouched and bills the usage', async () => {
    const { user, key } = await h.newCaller();
    const frames = [
      sse(
        {
          type: 'response.created',
          sequence_number: 0,
          response: { ...upstreamResponse, status: 'in_progress', usage: null },
        },
        'response.created',
      ),
      sse(
        {
          type: 'response.output_text.delta',
          sequence_number: 1,
          item_id: 'msg_1',
          output_index: 0,
          content_index: 0,
          delta: 'Hi',
        },
        'response.output_text.delta',
      ),
      sse(
        { type: 'response.completed', sequence_number: 2, response: upstreamResponse },
        'response.completed',
      ),
    ];
    h.upstream.script('/v1/responses', { frames });
    const body = {
      model: 'gpt-x',
      input: 'Hello',
      stream: true,
      reasoning: { effort: 'low', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
      new_field: 1,
    };
    const answer = await respond(key, body);
    expect(answer.text).toBe(frames.join(''));
    const sent = h.lastUpstream();
    expect(sent.path).toBe('/v1/responses');
    expect(sent.headers.authorization).toBe('Bearer oa-key');
    expect(sent.body).toEqual(body);
    const log = await h.lastLog(user.id);
    expect(log).toMatchObject({ prompt_tokens: 11, completion_tokens: 3 });
    expect(log.other).toMatchObject({ dialect: 'responses', reasoning_tokens: 1 });
  });

  it('finds and deletes an upstream response through the channel that holds it', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/responses', { json: { ...upstreamResponse, id: 'resp_up2' } });
    expect((await respond(key, { model: 'gpt-x', input: 'Hello' })).json().id).toBe('resp_up2');
    h.upstream.script('/v1/responses/resp_up2', (request) =>
      request.method === 'DELETE'
        ? { json: { id: 'resp_up2', object: 'response', deleted: true } }
        : { json: { ...upstreamResponse, id: 'resp_up2' } },
    );
    const found = await get(key, 'resp_up2');
    expect(found.json()).toMatchObject({ id: 'resp_up2', status: 'completed' });
    expect(h.lastUpstream()).toMatchObject({ method: 'GET', path: '/v1/responses/resp_up2' });
    const deleted = await get(key, 'resp_up2', 'DELETE');
    expect(deleted.json()).toMatchObject({ deleted: true });
    expect((await get(key, 'resp_up2')).status).toBe(404);
  });
  it('ends a forwarded stream the upstream broke off with response.failed', async () => {
    const { key } = await h.newCaller();
    const frames = [
      sse(
        {
          type: 'response.created',
          sequence_number: 0,
          response: { ...upstreamResponse, id: 'resp_cut', status: 'in_progress', usage: null },
        },
        'response.created',
      ),
      sse(
        {
          type: 'response.output_text.delta',
          sequence_number: 1,
          item_id: 'msg_1',
          output_index: 0,
          content_index: 0,
          delta: 'Hi',
        },
        'response.output_text.delta',
      ),
      sse(
        { type: 'response.completed', sequence_number: 2, response: upstreamResponse },
        'response.completed',
      ),
    ];
    h.upstream.script('/v1/responses', { frames, cutAfter: 2 });
    const answer = await respond(key, { model: 'gpt-x', input: 'Hello', stream: true });
    expect(events(answer.text).at(-1)).toMatchObject({
      event: 'response.failed',
      data: { response: { id: 'resp_cut', status: 'failed', error: { code: 'server_error' } } },
    });
  });
});

describe('Responses → chat-only upstreams (translated and kept)', () => {
  it('streams Anthropic thinking and a tool call as typed events, keeps the response', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream });
    const answer = await respond(key, {
      model: 'claude-x',
      instructions: 'Use tools.',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] }],
      tools: [{ type: 'function', ...weatherTool }],
      reasoning: { effort: 'medium' },
      stream: true,
    });
    const got = events(answer.text);
    expect(got.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(got.map((e) => e.data.sequence_number)).toEqual(got.map((_, index) => index));
    const completed = got.at(-1)?.data.response;
    expect(completed.output[1]).toMatchObject({
      type: 'function_call',
      call_id: 'toolu_01',
      name: 'get_weather',
      arguments: '{"city": "Paris"}',
    });
    expect(completed.usage).toMatchObject({
      input_tokens: 135,
      input_tokens_details: { cached_tokens: 100 },
      output_tokens: 30,
    });
    expect(h.lastUpstream().body).toMatchObject({
      system: 'Use tools.',
      thinking: { type: 'enabled', budget_tokens: 8192 },
      tools: [{ name: 'get_weather', input_schema: weatherTool.parameters }],
    });
    await h.lastLog(user.id);

    // The kept response is found, and the next turn continues it with the tool's output.
    const kept = await get(key, completed.id);
    expect(kept.status).toBe(200);
    expect(kept.json()).toMatchObject({ id: completed.id, status: 'completed' });
    h.upstream.script('/v1/messages', {
      json: {
        id: 'msg_9',
        type: 'message',
        role: 'assistant',
        model: 'claude-x',
        content: [{ type: 'text', text: 'Sunny.' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 60, output_tokens: 2 },
      },
    });
    const next = await respond(key, {
      model: 'claude-x',
      previous_response_id: completed.id,
      input: [{ type: 'function_call_output', call_id: 'toolu_01', output: '{"sky":"clear"}' }],
    });
    expect(next.json()).toMatchObject({
      status: 'completed',
      previous_response_id: completed.id,
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Sunny.' }] }],
    });
    expect(h.lastUpstream().body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Weather needs a tool.', signature: 'sig-123' },
          { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '{"sky":"clear"}' }],
      },
    ]);
  });

  it('carries text.format json_schema to a chat-only upstream and answers a Response', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', {
      json: openAiCompletion({ content: '{"name":"Ada"}' }),
    });
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    };
    const answer = await respond(key, {
      model: 'compat-x',
      input: 'A name',
      text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
      max_output_tokens: 50,
      store: false,
    });
    expect(answer.status).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: '{"name":"Ada"}' }],
        },
      ],
      usage: {
        input_tokens: 40,
        output_tokens: 10,
        output_tokens_details: { reasoning_tokens: 4 },
      },
    });
    expect(h.lastUpstream().body).toMatchObject({
      model: 'compat-x',
      max_tokens: 50,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'person', schema, strict: true },
      },
    });
    // store: false keeps nothing.
    expect((await get(key, body.id)).status).toBe(404);
  });

  it('deletes a kept response', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { json: openAiCompletion({ content: 'ok' }) });
    const id = (await respond(key, { model: 'compat-x', input: 'x' })).json().id;
    expect((await get(key, id)).status).toBe(200);
    const other = await h.newCaller();
    // Another token does not see it.
    expect((await get(other.key, id)).status).toBe(404);
    expect((await get(key, id, 'DELETE')).json()).toEqual({
      id,
      object: 'response',
      deleted: true,
    });
    expect((await get(key, id)).status).toBe(404);
  });

  it('ends a stream the upstream broke off with response.failed', async () => {
    const { user, key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { frames: openAiTextStream(), cutAfter: 3 });
    const answer = await respond(key, { model: 'compat-x', input: 'Sky?', stream: true });
    const last = events(answer.text).at(-1);
    expect(last).toMatchObject({
      event: 'response.failed',
      data: { response: { status: 'failed', error: { code: 'server_error' } } },
    });
    expect((await h.lastLog(user.id)).other.stream_cut).toBe('upstream');
  });

  it('refuses a built-in tool over the caller’s data for a chat-only upstream, naming it; 404 for an unknown model', async () => {
    const { key } = await h.newCaller();
    const tool = await respond(key, {
      model: 'compat-x',
      input: 'What do my files say?',
      tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }],
    });
    expect(tool.status).toBe(400);
    expect(tool.json().error).toMatchObject({
      code: 'unsupported_parameter',
      param: 'tools (file_search)',
    });
    const unknown = await respond(key, { model: 'nope', input: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.code).toBe('model_not_found');
  });
});
