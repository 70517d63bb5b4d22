// Responses that something holds: an upstream's response pins what refers to it (a follow-up
// with previous_response_id, GET, DELETE, input_items) to the channel that made it, among
// channels chosen at random; a kept (gateway-made) response lists its input items and replays
// as a stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateChannelCandidates } from '../../src/relay/candidate-cache';
import { openAiCompletion, openAiTextStream } from '../fakes/fixtures/provider-streams';
import { type ScriptedUpstream, sse, startScriptedUpstream } from '../fakes/scripted-upstream';
import { type DialectHarness, events, harnessOf } from '../helpers/dialect-harness';
import { seedChannel, startRelayHarness } from '../helpers/relay-fixtures';

let h: DialectHarness;
const upstreams: ScriptedUpstream[] = [];
const channels: number[] = [];

/** Each upstream names its responses after itself, numbered, and records what it was sent. */
function scriptResponses(upstream: ScriptedUpstream, name: string) {
  let made = 0;
  const response = (id: string) => ({
    id,
    object: 'response',
    status: 'completed',
    model: 'gpt-pair',
    output: [
      {
        type: 'message',
        id: `msg_${id}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: `from ${name}`, annotations: [] }],
      },
    ],
    usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
  });
  upstream.script('/v1/responses', (request) => {
    const id = `resp_${name}_${++made}`;
    if ((request.body as { stream?: boolean }).stream !== true) return { json: response(id) };
    return {
      frames: [
        sse(
          { type: 'response.created', response: { ...response(id), status: 'in_progress' } },
          'response.created',
        ),
        sse({ type: 'response.completed', response: response(id) }, 'response.completed'),
      ],
    };
  });
  upstream.script('/input_items', (request) => ({
    json: {
      object: 'list',
      data: [{ id: `item_${name}`, type: 'message', role: 'user', content: [] }],
      first_id: `item_${name}`,
      last_id: `item_${name}`,
      has_more: false,
      query: request.search,
    },
  }));
}

beforeAll(async () => {
  const relay = await startRelayHarness();
  for (const name of ['a', 'b']) {
    const upstream = await startScriptedUpstream();
    scriptResponses(upstream, name);
    upstreams.push(upstream);
    channels.push(
      await seedChannel(relay.db, {
        type: 1,
        key: `key-${name}`,
        baseUrl: upstream.url,
        models: ['gpt-pair'],
      }),
    );
  }
  const compat = await startScriptedUpstream();
  upstreams.push(compat);
  await seedChannel(relay.db, {
    type: 8,
    key: 'co',
    baseUrl: compat.url,
    models: ['compat-x', 'compat-k'],
  });
  h = harnessOf(relay, compat, async () => {
    for (const upstream of upstreams) await upstream.close();
    await relay.close();
  });
});
afterAll(() => h.close());

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const respond = (key: string, body: Record<string, unknown>) =>
  h.call('/v1/responses', { headers: auth(key), body });

/** Which of the two upstreams got each request since `before` (counts per upstream). */
const counts = () => upstreams.slice(0, 2).map((upstream) => upstream.requests.length);

/** A follow-up to `first` on the pair's model, refused as OpenAI refuses a response it lacks. */
async function expectFollowUpRefused(key: string, first: string) {
  const next = await respond(key, {
    model: 'gpt-pair',
    previous_response_id: first,
    input: 'again',
  });
  expect(next.status).toBe(400);
  expect(next.json().error).toMatchObject({
    code: 'previous_response_not_found',
    param: 'previous_response_id',
  });
  expect(next.json().error.message).toContain(first);
  return next.json().error.message as string;
}

describe('a response an upstream holds pins its channel', () => {
  it('sends every follow-up, GET and input_items to the channel that made the response', async () => {
    const { key } = await h.newCaller();
    const first = (await respond(key, { model: 'gpt-pair', input: 'Hello' })).json();
    const holder = first.id.startsWith('resp_a_') ? 0 : 1;
    const other = 1 - holder;
    const before = counts();
    let previous: string = first.id;
    // 16 follow-ups in a chain: random choice between two channels would miss with p = 1 - 2^-16.
    for (let turn = 0; turn < 16; turn += 1) {
      const next = await respond(key, {
        model: 'gpt-pair',
        previous_response_id: previous,
        input: `turn ${turn}`,
        stream: turn % 2 === 1,
      });
      expect(next.status).toBe(200);
      const sent = upstreams[holder]?.requests.at(-1);
      expect(sent?.body).toMatchObject({ previous_response_id: previous, input: `turn ${turn}` });
      previous =
        turn % 2 === 1
          ? events(next.text).find((e) => e.event === 'response.completed')?.data.response.id
          : next.json().id;
      expect(previous.startsWith(holder === 0 ? 'resp_a_' : 'resp_b_')).toBe(true);
    }
    expect(counts()[other]).toBe(before[other]);
    expect(counts()[holder]).toBe((before[holder] ?? 0) + 16);

    // GET and input_items of the last one go to the same upstream, the query carried on.
    upstreams[holder]?.script(`/v1/responses/${previous}`, {
      json: { id: previous, object: 'response', status: 'completed' },
    });
    const got = await h.call(`/v1/responses/${previous}`, { headers: auth(key) });
    expect(got.json()).toMatchObject({ id: previous, status: 'completed' });
    expect(upstreams[holder]?.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/responses/${previous}`,
    });
    const items = await h.call(`/v1/responses/${previous}/input_items?limit=5&order=asc`, {
      headers: auth(key),
    });
    expect(items.status).toBe(200);
    expect(items.json()).toMatchObject({ object: 'list', first_id: `item_${holder ? 'b' : 'a'}` });
    expect(upstreams[holder]?.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/responses/${previous}/input_items`,
      search: '?limit=5&order=asc',
    });
    expect(counts()[other]).toBe(before[other]);
  });

  it('answers as OpenAI does when the channel holding the response is gone or disabled', async () => {
    const { key } = await h.newCaller();
    const first = (await respond(key, { model: 'gpt-pair', input: 'Hello' })).json();
    const holder = first.id.startsWith('resp_a_') ? 0 : 1;
    const channelId = channels[holder] as number;
    await h.db.updateTable('channels').set({ status: 2 }).where('id', '=', channelId).execute();
    invalidateChannelCandidates();
    try {
      const before = counts();
      await expectFollowUpRefused(key, first.id);
      const got = await h.call(`/v1/responses/${first.id}`, { headers: auth(key) });
      expect(got.status).toBe(404);
      expect(counts()).toEqual(before);
    } finally {
      await h.db.updateTable('channels').set({ status: 1 }).where('id', '=', channelId).execute();
      invalidateChannelCandidates();
    }
  });

  it('refuses, naming the model, a follow-up whose holder no longer serves the model', async () => {
    const { key } = await h.newCaller();
    const first = (await respond(key, { model: 'gpt-pair', input: 'Hello' })).json();
    const holder = first.id.startsWith('resp_a_') ? 0 : 1;
    const channelId = channels[holder] as number;
    // The admin takes the model off the holder; the other channel still serves it.
    const ability = () =>
      h.db
        .updateTable('abilities')
        .where('channel_id', '=', channelId)
        .where('model', '=', 'gpt-pair');
    await ability().set({ enabled: 0 }).execute();
    invalidateChannelCandidates();
    try {
      const before = counts();
      expect(await expectFollowUpRefused(key, first.id)).toContain('gpt-pair');
      // Neither channel was asked: the other one does not hold the conversation.
      expect(counts()).toEqual(before);
    } finally {
      await ability().set({ enabled: 1 }).execute();
      invalidateChannelCandidates();
    }
    const again = await respond(key, {
      model: 'gpt-pair',
      previous_response_id: first.id,
      input: 'again',
    });
    expect(again.status).toBe(200);
  });
});

describe('a response the gateway kept', () => {
  async function conversation(key: string) {
    h.upstream.script('/v1/chat/completions', { json: openAiCompletion({ content: 'Hello!' }) });
    const first = (
      await respond(key, { model: 'compat-x', instructions: 'Be brief.', input: 'Hi' })
    ).json();
    h.upstream.script('/v1/chat/completions', {
      json: openAiCompletion({
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'clock', arguments: '{}' },
          },
        ],
      }),
    });
    const second = (
      await respond(key, {
        model: 'compat-x',
        previous_response_id: first.id,
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'Time?' }] }],
      })
    ).json();
    return { first, second };
  }

  it('lists its input items newest first, pages them with after, and not another token’s', async () => {
    const { key } = await h.newCaller();
    const { second } = await conversation(key);
    const list = (query: string) =>
      h.call(`/v1/responses/${second.id}/input_items${query}`, { headers: auth(key) });
    const all = (await list('')).json();
    expect(all).toMatchObject({ object: 'list', has_more: false });
    expect(all.data.map((item: { type: string; role?: string }) => item.role ?? item.type)).toEqual(
      ['user', 'assistant', 'user'],
    );
    expect(all.data[0]).toMatchObject({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Time?' }],
    });
    expect(all.data[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Hello!' }],
    });
    expect(all.data[2].content).toEqual([{ type: 'input_text', text: 'Hi' }]);
    expect(all.first_id).toBe(all.data[0].id);
    expect(all.last_id).toBe(all.data[2].id);

    const page = (await list('?order=asc&limit=2')).json();
    expect(page.data.map((item: { id: string }) => item.id)).toEqual([
      all.data[2].id,
      all.data[1].id,
    ]);
    expect(page.has_more).toBe(true);
    const rest = (await list(`?order=asc&limit=2&after=${page.last_id}`)).json();
    expect(rest).toMatchObject({ has_more: false, first_id: all.data[0].id });
    expect(rest.data).toHaveLength(1);

    expect((await list('?limit=101')).status).toBe(400);
    const other = await h.newCaller();
    const foreign = await h.call(`/v1/responses/${second.id}/input_items`, {
      headers: auth(other.key),
    });
    expect(foreign.status).toBe(404);
  });

  it('finds each of many responses made at once, by GET and previous_response_id, right after', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', (request) =>
      (request.body as { stream?: boolean }).stream
        ? { frames: openAiTextStream() }
        : { json: openAiCompletion({ content: 'ok' }) },
    );
    // Writes made together go out in one batch; none is missed by a lookup right after its reply.
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        respond(key, { model: 'compat-x', input: `question ${index}`, stream: index % 2 === 1 }),
      ),
    );
    const ids = made.map((answer, index) =>
      index % 2 === 1
        ? events(answer.text).find((e) => e.event === 'response.completed')?.data.response.id
        : answer.json().id,
    );
    const found = await Promise.all(
      ids.map((id) => h.call(`/v1/responses/${id}`, { headers: auth(key) })),
    );
    expect(found.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    const next = await Promise.all(
      ids.map((id) =>
        respond(key, { model: 'compat-x', previous_response_id: id, input: 'and then?' }),
      ),
    );
    expect(next.map((answer) => answer.json().previous_response_id)).toEqual(ids);
    const rows = await h.db
      .selectFrom('relay_responses')
      .select('id')
      .where('id', 'in', ids as string[])
      .execute();
    expect(rows).toHaveLength(ids.length);
  });

  it('replays as the typed event sequence with GET ?stream=true', async () => {
    const { key } = await h.newCaller();
    const { first, second } = await conversation(key);
    const replay = await h.call(`/v1/responses/${first.id}?stream=true`, { headers: auth(key) });
    expect(replay.headers.get('content-type')).toContain('text/event-stream');
    const got = events(replay.text);
    expect(got.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(got.map((e) => e.data.sequence_number)).toEqual(got.map((_, index) => index));
    expect(got[4]?.data.delta).toBe('Hello!');
    expect(got.at(-1)?.data.response).toEqual(first);

    const calls = await h.call(`/v1/responses/${second.id}?stream=true&starting_after=1`, {
      headers: auth(key),
    });
    const later = events(calls.text);
    expect(later[0]?.data.sequence_number).toBe(2);
    expect(later.map((e) => e.event)).toEqual([
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(later.at(-1)?.data.response.output[0]).toMatchObject({
      type: 'function_call',
      call_id: 'call_1',
      name: 'clock',
    });
  });
  it('continues on another channel when the one that made it no longer serves the model', async () => {
    const { key } = await h.newCaller();
    h.upstream.script('/v1/chat/completions', { json: openAiCompletion({ content: 'First.' }) });
    const first = (await respond(key, { model: 'compat-k', input: 'One' })).json();
    expect(first.status).toBe('completed');
    const made = await h.db
      .selectFrom('abilities')
      .select('channel_id')
      .where('model', '=', 'compat-k')
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('abilities')
      .set({ enabled: 0 })
      .where('channel_id', '=', made.channel_id)
      .where('model', '=', 'compat-k')
      .execute();
    invalidateChannelCandidates();
    await seedChannel(h.db, {
      type: 8,
      key: 'co-2',
      baseUrl: h.upstream.url,
      models: ['compat-k'],
    });
    h.upstream.script('/v1/chat/completions', { json: openAiCompletion({ content: 'Second.' }) });
    const next = await respond(key, {
      model: 'compat-k',
      previous_response_id: first.id,
      input: 'Two',
    });
    expect(next.status).toBe(200);
    expect(next.json().output[0].content[0].text).toBe('Second.');
    // The new channel got the whole conversation the gateway kept.
    const sent = h.lastUpstream().body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages.map((message) => message.content)).toEqual(['One', 'First.', 'Two']);
    expect(h.lastUpstream().headers.authorization).toBe('Bearer co-2');
  });
});
