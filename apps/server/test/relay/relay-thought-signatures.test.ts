// Gemini's thought signatures survive a round trip through clients of the other dialects: a
// signed functionCall reaches the client as a tool call whose id carries the signature, and
// when the client sends that turn back (chat tool_calls, Anthropic tool_use, a Responses
// conversation the gateway kept) the functionCall part goes back to Gemini with its
// thoughtSignature, as Gemini 3 requires; an unsigned parallel call stays unsigned.
import { describe, expect, it } from 'vitest';
import { geminiReply, weatherTool } from '../fakes/fixtures/provider-streams';
import { sse } from '../fakes/scripted-upstream';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

/** Signatures are opaque base64 bytes; these stand in for two the model made. */
const SIGNATURE = 'CiQB0e2Kb3y+k/7Vw9tLr8mZ0Q1fQ2hQ3s4u5v6w7x8y9z0AAA==';

const signedCalls = [
  { thought: true, text: 'Two cities, two calls.' },
  { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: SIGNATURE },
  { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
];

const generatePath = '/v1beta/models/gemini-x:generateContent';
const sunny = geminiReply([{ text: 'Sunny in both.' }]);

/** The model turn and the results Gemini got back on the second request. */
function secondTurn() {
  const contents = h.lastUpstream().body.contents as {
    role: string;
    parts: Record<string, unknown>[];
  }[];
  const model = contents.find((content) => content.role === 'model');
  return { contents, calls: (model?.parts ?? []).filter((part) => part.functionCall) };
}

/** The Anthropic user turn answering each tool_use. */
const toolResults = (uses: { id: string }[]) => ({
  role: 'user',
  content: uses.map((use) => ({ type: 'tool_result', tool_use_id: use.id, content: 'clear' })),
});

function expectSignedOnce(calls: Record<string, unknown>[]) {
  expect(calls).toEqual([
    { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: SIGNATURE },
    { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
  ]);
}

describe('a Gemini thought signature through other dialects', () => {
  it('chat completions: carried on the tool call id, sent back on the functionCall part', async () => {
    const { key } = await h.newCaller();
    const headers = { authorization: `Bearer ${key}` };
    h.upstream.script(generatePath, { json: geminiReply(signedCalls) });
    const tools = [{ type: 'function', function: weatherTool }];
    const question = { role: 'user', content: 'Weather in Paris and Rome?' };
    const first = await h.call('/v1/chat/completions', {
      headers,
      body: { model: 'gemini-x', messages: [question], tools },
    });
    const message = first.json().choices[0].message;
    expect(message.tool_calls).toHaveLength(2);
    const [paris, rome] = message.tool_calls as { id: string }[];
    expect(paris?.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(paris?.id).not.toBe(rome?.id);

    h.upstream.script(generatePath, { json: sunny });
    const second = await h.call('/v1/chat/completions', {
      headers,
      body: {
        model: 'gemini-x',
        tools,
        messages: [
          question,
          message,
          { role: 'tool', tool_call_id: paris?.id, content: '{"sky":"clear"}' },
          { role: 'tool', tool_call_id: rome?.id, content: '{"sky":"clear"}' },
        ],
      },
    });
    expect(second.json().choices[0].message.content).toBe('Sunny in both.');
    const { contents, calls } = secondTurn();
    expectSignedOnce(calls);
    expect(contents.at(-1)?.parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { sky: 'clear' } } },
      { functionResponse: { name: 'get_weather', response: { sky: 'clear' } } },
    ]);
  });

  it('Anthropic Messages, streamed: carried on the tool_use id and sent back', async () => {
    const { key } = await h.newCaller();
    const headers = { 'x-api-key': key, 'anthropic-version': '2023-06-01' };
    h.upstream.script(':streamGenerateContent', {
      frames: [
        sse({
          ...geminiReply(signedCalls.slice(0, 1)),
          candidates: [{ content: { role: 'model', parts: signedCalls.slice(0, 1) }, index: 0 }],
        }),
        sse(geminiReply(signedCalls.slice(1))),
      ],
    });
    const tools = [{ name: weatherTool.name, input_schema: weatherTool.parameters }];
    const question = { role: 'user', content: 'Weather in Paris and Rome?' };
    const first = await h.call('/v1/messages', {
      headers,
      body: { model: 'gemini-x', max_tokens: 200, stream: true, messages: [question], tools },
    });
    const uses = events(first.text)
      .filter((e) => e.event === 'content_block_start' && e.data.content_block.type === 'tool_use')
      .map((e) => e.data.content_block as { id: string; name: string });
    expect(uses).toHaveLength(2);
    expect(uses[0]?.id).toMatch(/^[A-Za-z0-9_-]+$/);

    h.upstream.script(generatePath, { json: sunny });
    const second = await h.call('/v1/messages', {
      headers,
      body: {
        model: 'gemini-x',
        max_tokens: 200,
        tools,
        messages: [
          question,
          {
            role: 'assistant',
            content: uses.map((use, index) => ({
              type: 'tool_use',
              id: use.id,
              name: use.name,
              input: { city: index === 0 ? 'Paris' : 'Rome' },
            })),
          },
          toolResults(uses),
        ],
      },
    });
    expect(second.status).toBe(200);
    expectSignedOnce(secondTurn().calls);
  });

  it('Responses with previous_response_id: the kept conversation sends it back', async () => {
    const { key } = await h.newCaller();
    const headers = { authorization: `Bearer ${key}` };
    h.upstream.script(generatePath, { json: geminiReply(signedCalls) });
    const first = (
      await h.call('/v1/responses', {
        headers,
        body: {
          model: 'gemini-x',
          input: 'Weather in Paris and Rome?',
          tools: [{ type: 'function', ...weatherTool }],
        },
      })
    ).json();
    const callIds = (first.output as { type: string; call_id: string }[])
      .filter((item) => item.type === 'function_call')
      .map((item) => item.call_id);
    expect(callIds).toHaveLength(2);

    h.upstream.script(generatePath, { json: sunny });
    const second = await h.call('/v1/responses', {
      headers,
      body: {
        model: 'gemini-x',
        previous_response_id: first.id,
        input: callIds.map((id) => ({
          type: 'function_call_output',
          call_id: id,
          output: 'clear',
        })),
      },
    });
    expect(second.json().output[0].content[0].text).toBe('Sunny in both.');
    expectSignedOnce(secondTurn().calls);
  });

  it('drops a signature a client cut short instead of sending it damaged', async () => {
    const { key } = await h.newCaller();
    const headers = { authorization: `Bearer ${key}` };
    h.upstream.script(generatePath, { json: geminiReply(signedCalls.slice(0, 2)) });
    const tools = [{ type: 'function', function: weatherTool }];
    const question = { role: 'user', content: 'Weather in Paris?' };
    const first = await h.call('/v1/chat/completions', {
      headers,
      body: { model: 'gemini-x', messages: [question], tools },
    });
    const message = first.json().choices[0].message;
    const cut = (message.tool_calls[0].id as string).slice(0, 64);
    h.upstream.script(generatePath, { json: sunny });
    await h.call('/v1/chat/completions', {
      headers,
      body: {
        model: 'gemini-x',
        tools,
        messages: [
          question,
          { ...message, tool_calls: [{ ...message.tool_calls[0], id: cut }] },
          { role: 'tool', tool_call_id: cut, content: 'clear' },
        ],
      },
    });
    expect(secondTurn().calls).toEqual([
      { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
    ]);
  });

  it('continues a signed conversation on an OpenAI channel with ids OpenAI takes', async () => {
    const { key } = await h.newCaller();
    const headers = { 'x-api-key': key, 'anthropic-version': '2023-06-01' };
    h.upstream.script(generatePath, { json: geminiReply(signedCalls) });
    const tools = [{ name: weatherTool.name, input_schema: weatherTool.parameters }];
    const question = { role: 'user', content: 'Weather in Paris and Rome?' };
    const first = await h.call('/v1/messages', {
      headers,
      body: { model: 'gemini-x', max_tokens: 200, messages: [question], tools },
    });
    const uses = (first.json().content as { type: string; id: string; input: unknown }[]).filter(
      (block) => block.type === 'tool_use',
    );
    expect(uses[0]?.id.length).toBeGreaterThan(40);
    h.upstream.script('/v1/chat/completions', {
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-x',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Sunny.' }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
      },
    });
    const second = await h.call('/v1/messages', {
      headers,
      body: {
        model: 'gpt-x',
        max_tokens: 200,
        tools,
        messages: [
          question,
          { role: 'assistant', content: first.json().content },
          toolResults(uses),
        ],
      },
    });
    expect(second.status).toBe(200);
    const sent = h.lastUpstream().body.messages as {
      role: string;
      tool_calls?: { id: string }[];
      tool_call_id?: string;
    }[];
    const callIds = sent.flatMap((m) => m.tool_calls ?? []).map((c) => c.id);
    const resultIds = sent.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    expect(callIds).toHaveLength(2);
    for (const id of callIds) expect(id.length).toBeLessThanOrEqual(40);
    expect(new Set(callIds).size).toBe(2);
    expect(resultIds).toEqual(callIds);
  });
});
