// Responses `include` on a translated request: reasoning.encrypted_content is honoured (the
// reply's signed thinking sealed in it, and read back when a stateless client — store false, as
// Codex — sends the reasoning item again), values with nothing to produce are accepted, and what
// a chat upstream cannot give (output logprobs, unknown values) is refused by name.
import { describe, expect, it } from 'vitest';
import {
  anthropicReply,
  anthropicToolStream,
  openAiCompletion,
  weatherTool,
} from '../fakes/fixtures/provider-streams';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const respond = (key: string, body: Record<string, unknown>) =>
  h.call('/v1/responses', { headers: { authorization: `Bearer ${key}` }, body });

const question = { role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] };
const sealed = { include: ['reasoning.encrypted_content'], store: false };
const tools = [{ type: 'function', ...weatherTool }];
const sunny = anthropicReply([{ type: 'text', text: 'Sunny.' }]);

/** The next stateless turn: the whole conversation, the reasoning item as the client got it. */
async function nextTurn(key: string, output: Record<string, unknown>[]) {
  h.upstream.script('/v1/messages', { json: sunny });
  const answer = await respond(key, {
    model: 'claude-x',
    ...sealed,
    tools,
    input: [
      question,
      ...output,
      { type: 'function_call_output', call_id: 'toolu_01', output: '{"sky":"clear"}' },
    ],
  });
  expect(answer.status).toBe(200);
  return (h.lastUpstream().body.messages as { role: string; content: unknown }[])[1];
}

const signedTurn = {
  role: 'assistant',
  content: [
    { type: 'thinking', thinking: 'Weather needs a tool.', signature: 'sig-123' },
    { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
  ],
};

describe('include reasoning.encrypted_content on a translated reply', () => {
  it('streamed: the signed thinking goes out sealed and comes back to Anthropic signed', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/messages', { frames: anthropicToolStream });
    const answer = await respond(key, {
      model: 'claude-x',
      ...sealed,
      tools,
      input: [question],
      stream: true,
    });
    const got = events(answer.text);
    const done = got.find(
      (e) => e.event === 'response.output_item.done' && e.data.item.type === 'reasoning',
    );
    const output = got.at(-1)?.data.response.output as Record<string, unknown>[];
    expect(typeof done?.data.item.encrypted_content).toBe('string');
    expect(output[0]).toEqual(done?.data.item);
    expect(await nextTurn(key, output)).toEqual(signedTurn);
  });

  it('whole: the same, and no encrypted_content unless asked for', async () => {
    const { key } = await h.newCaller();
    const reply = anthropicReply(
      [
        { type: 'thinking', thinking: 'Weather needs a tool.', signature: 'sig-123' },
        { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
      ],
      'tool_use',
    );
    h.upstream.script('/v1/messages', { json: reply });
    const plain = (await respond(key, { model: 'claude-x', tools, input: [question] })).json();
    expect(plain.output[0]).toMatchObject({ type: 'reasoning' });
    expect(plain.output[0]).not.toHaveProperty('encrypted_content');

    h.upstream.script('/v1/messages', { json: reply });
    const answer = (
      await respond(key, { model: 'claude-x', ...sealed, tools, input: [question] })
    ).json();
    expect(answer.output[0]).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Weather needs a tool.' }],
      encrypted_content: expect.any(String),
    });
    expect(await nextTurn(key, answer.output)).toEqual(signedTurn);
  });

  it('sends no thinking back for an encrypted_content that is not the gateway’s', async () => {
    const { key } = await h.newCaller();
    const turn = await nextTurn(key, [
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAAB-from-openai' },
      {
        type: 'function_call',
        call_id: 'toolu_01',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      },
    ]);
    expect(turn).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
      ],
    });
  });
});

describe('other include values on a translated request', () => {
  it('accepts those with nothing to produce and refuses, by name, what cannot be given', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { json: openAiCompletion({ content: 'Hi.' }) });
    const accepted = await respond(key, {
      model: 'compat-x',
      input: 'Hi',
      include: ['message.input_image.image_url', 'web_search_call.action.sources'],
    });
    expect(accepted.status).toBe(200);
    for (const value of ['message.output_text.logprobs', 'made.up']) {
      const refused = await respond(key, { model: 'compat-x', input: 'Hi', include: [value] });
      expect(refused.status).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'unsupported_parameter',
        param: `include (${value})`,
      });
    }
    const malformed = await respond(key, { model: 'compat-x', input: 'Hi', include: 'all' });
    expect(malformed.status).toBe(400);
  });

  it('forwards any include to an upstream with the Responses API', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/responses', {
      json: { id: 'resp_up', object: 'response', status: 'completed', output: [] },
    });
    const include = ['message.output_text.logprobs'];
    const answer = await respond(key, { model: 'gpt-x', input: 'Hi', include });
    expect(answer.status).toBe(200);
    expect(h.lastUpstream().body).toMatchObject({ include });
  });
});
