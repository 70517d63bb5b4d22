// Gemini's thoughtSignature on a text part (Gemini 2.5 and 3 sign the text of a reply, not only
// its function calls) through clients of other dialects: a Messages client gets it in a thinking
// block, a Responses conversation keeps it (kept by the gateway, or sealed in encrypted_content for
// a stateless client), and the next turn gives it back to Gemini on the model's text; an Anthropic
// upstream is never sent it.
import { describe, expect, it } from 'vitest';
import { anthropicReply, geminiReply } from '../fakes/fixtures/provider-streams';
import { sse } from '../fakes/scripted-upstream';
import { events, useDialectHarness } from '../helpers/dialect-harness';

const h = useDialectHarness();

const SIGNATURE = 'EhQKEgoQdGhpbmtpbmcgYWJvdXQgaXQ=';
const generatePath = '/v1beta/models/gemini-x:generateContent';
const signedText = [
  { thought: true, text: 'A greeting is due.' },
  { text: 'Hello', thoughtSignature: SIGNATURE },
];
/** The same reply streamed: the thought, then the text, signed on its last chunk. */
const signedStream = [
  sse({ candidates: [{ content: { role: 'model', parts: [signedText[0]] }, index: 0 }] }),
  sse({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] }, index: 0 }] }),
  sse(geminiReply([{ text: 'lo', thoughtSignature: SIGNATURE }])),
];
const question = { role: 'user', content: 'Greet me.' };
const again = { role: 'user', content: 'Again.' };

/** The model turn Gemini got on the last request. */
function modelTurn() {
  const contents = h.lastUpstream().body.contents as { role: string; parts: unknown[] }[];
  return contents.find((content) => content.role === 'model')?.parts;
}

const signedBack = [{ text: 'Hello', thoughtSignature: SIGNATURE }];

/** A Messages stream's content blocks as a client assembles them. */
function blocksOf(text: string) {
  const blocks: Record<string, string | undefined>[] = [];
  for (const { event, data } of events(text)) {
    if (event === 'content_block_start') blocks.push({ ...data.content_block });
    if (event !== 'content_block_delta') continue;
    const block = blocks.at(-1) as Record<string, string | undefined>;
    const { type, ...delta } = data.delta as Record<string, string>;
    for (const [field, value] of Object.entries(delta)) block[field] = (block[field] ?? '') + value;
    expect(type).toMatch(/_delta$/);
  }
  return blocks;
}

describe('a Gemini text-part signature through a Messages client', () => {
  const messages = (key: string, model: string, body: Record<string, unknown>) =>
    h.call('/v1/messages', {
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: { model, max_tokens: 200, ...body },
    });

  it('whole: shown in a thinking block, given back to Gemini, kept from Anthropic', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(generatePath, { json: geminiReply(signedText) });
    const first = (await messages(key, 'gemini-x', { messages: [question] })).json();
    expect(first.content).toEqual([
      { type: 'thinking', thinking: 'A greeting is due.', signature: expect.any(String) },
      { type: 'text', text: 'Hello' },
    ]);
    const history = [question, { role: 'assistant', content: first.content }, again];

    h.upstream.script(generatePath, { json: geminiReply([{ text: 'Hi again' }]) });
    expect((await messages(key, 'gemini-x', { messages: history })).status).toBe(200);
    expect(modelTurn()).toEqual(signedBack);

    // The same conversation continued on Claude: Anthropic could not check Gemini's signature.
    h.upstream.script('/v1/messages', { json: anthropicReply([{ type: 'text', text: 'Hi' }]) });
    expect((await messages(key, 'claude-x', { messages: history })).status).toBe(200);
    expect((h.lastUpstream().body.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello' }],
    });
  });

  it('streamed: the signature arrives as a signature_delta and goes back the same way', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':streamGenerateContent', { frames: signedStream });
    const first = await messages(key, 'gemini-x', { messages: [question], stream: true });
    const content = blocksOf(first.text);
    // The thought (unsigned, as Gemini streams it) and, after the text, the signed block.
    expect(content.filter((block) => block.type === 'thinking' && block.signature)).toHaveLength(1);
    expect(content.map((block) => block.text ?? '').join('')).toBe('Hello');

    h.upstream.script(generatePath, { json: geminiReply([{ text: 'Hi again' }]) });
    const history = [question, { role: 'assistant', content }, again];
    expect((await messages(key, 'gemini-x', { messages: history })).status).toBe(200);
    expect(modelTurn()).toEqual(signedBack);
  });
});

describe('a Gemini text-part signature through a Responses client', () => {
  const respond = (key: string, body: Record<string, unknown>) =>
    h.call('/v1/responses', {
      headers: { authorization: `Bearer ${key}` },
      body: { model: 'gemini-x', ...body },
    });

  it('streamed and kept: previous_response_id gives it back', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':streamGenerateContent', { frames: signedStream });
    const first = await respond(key, { input: 'Greet me.', stream: true });
    const id = events(first.text).at(-1)?.data.response.id;

    h.upstream.script(generatePath, { json: geminiReply([{ text: 'Hi again' }]) });
    const next = await respond(key, { previous_response_id: id, input: 'Again.' });
    expect(next.status).toBe(200);
    expect(modelTurn()).toEqual(signedBack);
  });

  it('streamed and stateless: the late signature sealed in an item of its own, given back', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(':streamGenerateContent', { frames: signedStream });
    const stateless = { store: false, include: ['reasoning.encrypted_content'] };
    const first = await respond(key, { ...stateless, input: 'Greet me.', stream: true });
    const got = events(first.text);
    expect(got.map((e) => e.data.sequence_number)).toEqual(got.map((_, index) => index));
    const output = got.at(-1)?.data.response.output as Record<string, unknown>[];
    expect(output.map((item) => item.type)).toEqual(['reasoning', 'message', 'reasoning']);
    expect(output[2]).toMatchObject({ summary: [], encrypted_content: expect.any(String) });

    h.upstream.script(generatePath, { json: geminiReply([{ text: 'Hi again' }]) });
    const input = [
      { role: 'user', content: 'Greet me.' },
      ...output,
      { role: 'user', content: 'Again.' },
    ];
    expect((await respond(key, { ...stateless, input })).status).toBe(200);
    expect(modelTurn()).toEqual(signedBack);
  });

  it('whole and stateless: sealed in encrypted_content and given back', async () => {
    const { key } = await h.newCaller();
    h.upstream.script(generatePath, { json: geminiReply(signedText) });
    const stateless = { store: false, include: ['reasoning.encrypted_content'] };
    const first = (await respond(key, { ...stateless, input: 'Greet me.' })).json();
    expect(first.output[0]).toMatchObject({
      type: 'reasoning',
      encrypted_content: expect.any(String),
    });

    h.upstream.script(generatePath, { json: geminiReply([{ text: 'Hi again' }]) });
    const input = [
      { role: 'user', content: 'Greet me.' },
      ...first.output,
      { role: 'user', content: 'Again.' },
    ];
    expect((await respond(key, { ...stateless, input })).status).toBe(200);
    expect(modelTurn()).toEqual(signedBack);
  });
});
