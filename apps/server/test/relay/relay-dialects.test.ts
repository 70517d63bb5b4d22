// Dialect parsers and renderers and the translating adapters, on request and reply fixtures
// shaped after the providers' API references (no server, no database).
import { describe, expect, it, vi } from 'vitest';
import { completionFromAnthropic } from '../../src/relay/adapters/anthropic/reply';
import { JSON_TOOL, toAnthropicRequest } from '../../src/relay/adapters/anthropic/request';
import { toGeminiRequest } from '../../src/relay/adapters/gemini/request';
import { toOpenAiChat } from '../../src/relay/adapters/openai/chat-body';
import { adapterFor } from '../../src/relay/adapters/registry';
import type { ProviderAdapter } from '../../src/relay/adapters/types';
import type { ChatCompletion, ChatRequest } from '../../src/relay/canonical/types';
import { chatUsageOf, usageOfChat } from '../../src/relay/canonical/usage';
import { anthropicDialect } from '../../src/relay/dialects/anthropic';
import { messagesToCanonical } from '../../src/relay/dialects/anthropic/parse';
import { MessagesStreamRenderer, messagesReply } from '../../src/relay/dialects/anthropic/render';
import { geminiDialect } from '../../src/relay/dialects/gemini';
import {
  geminiToCanonical,
  jsonSchemaOf,
  modelAction,
} from '../../src/relay/dialects/gemini/parse';
import { responsesDialect } from '../../src/relay/dialects/responses';
import { responsesToCanonical } from '../../src/relay/dialects/responses/parse';
import { ResponsesStreamRenderer } from '../../src/relay/dialects/responses/render';
import { newId } from '../../src/relay/dialects/responses/response-object';
import type { DialectRequest, RenderContext } from '../../src/relay/dialects/types';
import { streamPipe } from '../../src/relay/pipeline/relay-attempt';
import { events } from '../helpers/dialect-harness';
import { channelRowOf } from '../helpers/relay-fixtures';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

const renderContext = (raw: Record<string, unknown> = {}): RenderContext => ({
  model: 'm',
  includeUsage: true,
  request: {
    mode: 'chat',
    body: {},
    raw,
    model: 'm',
    stream: true,
    includeUsage: true,
    maxTokens: 0,
    clientHeaders: {},
  } as DialectRequest,
});

describe('Anthropic Messages ↔ canonical', () => {
  it('parses system blocks, images, tool results with is_error and thinking', () => {
    const misses: string[] = [];
    const request = messagesToCanonical(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        system: [{ type: 'text', text: 'You are a helper.', cache_control: { type: 'ephemeral' } }],
        thinking: { type: 'enabled', budget_tokens: 2048 },
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'image',
                source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' },
              },
              { type: 'text', text: 'What is in this image?' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'Look closer.', signature: 'EqQBCgIYAhIM' },
              { type: 'tool_use', id: 'toolu_01A', name: 'zoom', input: { factor: 2 } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_01A', content: 'failed', is_error: true },
            ],
          },
          { role: 'user', content: [{ type: 'document', source: { type: 'text', data: 'x' } }] },
        ],
      },
      (name) => misses.push(name),
    );
    expect(request.thinking_budget).toBe(2048);
    expect(request.messages[0]).toEqual({
      role: 'system',
      content: [{ type: 'text', text: 'You are a helper.', cache_control: { type: 'ephemeral' } }],
    });
    expect(request.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
        { type: 'text', text: 'What is in this image?' },
      ],
    });
    expect(request.messages[2]).toMatchObject({
      role: 'assistant',
      thinking_blocks: [{ type: 'thinking', thinking: 'Look closer.', signature: 'EqQBCgIYAhIM' }],
      tool_calls: [{ id: 'toolu_01A', function: { name: 'zoom', arguments: '{"factor":2}' } }],
    });
    expect(request.messages[3]).toEqual({
      role: 'tool',
      tool_call_id: 'toolu_01A',
      content: 'failed',
      is_error: true,
    });
    expect(misses).toEqual(['content block document']);
  });

  it('renders a completion with a tool call and cache usage as a Message', () => {
    const completion: ChatCompletion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-x',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: 'Checking.',
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
        },
      ],
      usage: {
        prompt_tokens: 100,
        completion_tokens: 20,
        total_tokens: 120,
        prompt_tokens_details: { cached_tokens: 60, cache_write_tokens: 10 },
      },
    };
    expect(messagesReply(completion, 'gpt-x')).toMatchObject({
      type: 'message',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      usage: {
        input_tokens: 30,
        cache_read_input_tokens: 60,
        cache_creation_input_tokens: 10,
        output_tokens: 20,
      },
    });
  });

  it('renders chunks as blocks that open and close in order', () => {
    const renderer = new MessagesStreamRenderer(renderContext());
    const text =
      renderer.chunk(chunk({ role: 'assistant', reasoning_content: 'Hmm.' })) +
      renderer.chunk(chunk({ content: 'Hi' })) +
      renderer.chunk(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'f', arguments: '{"a"' },
            },
          ],
        }),
      ) +
      renderer.chunk(
        chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }, 'tool_calls'),
      ) +
      renderer.end({ promptTokens: 5, completionTokens: 7 });
    const got = events(text);
    expect(got.map((e) => `${e.event}:${e.data.index ?? ''}`)).toEqual([
      'message_start:',
      'ping:',
      'content_block_start:0',
      'content_block_delta:0',
      'content_block_stop:0',
      'content_block_start:1',
      'content_block_delta:1',
      'content_block_stop:1',
      'content_block_start:2',
      'content_block_delta:2',
      'content_block_delta:2',
      'content_block_stop:2',
      'message_delta:',
      'message_stop:',
    ]);
    expect(got[12]?.data).toMatchObject({
      delta: { stop_reason: 'tool_use' },
      usage: { input_tokens: 5, output_tokens: 7 },
    });
  });

  it('carries structured output to Anthropic as a forced tool and reads it back as text', () => {
    const request: ChatRequest = {
      model: 'claude-x',
      messages: [{ role: 'user', content: 'A name' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'person',
          schema: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
      reasoning_effort: 'low',
    };
    const body = toAnthropicRequest(request, 'claude-x', false);
    expect(body).toMatchObject({
      tools: [
        {
          name: JSON_TOOL,
          input_schema: { type: 'object', properties: { name: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'tool', name: JSON_TOOL },
      thinking: { type: 'enabled', budget_tokens: 2048 },
      max_tokens: 2048 + 4096,
    });
    const { completion } = completionFromAnthropic(
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-x',
        content: [{ type: 'tool_use', id: 't', name: JSON_TOOL, input: { name: 'Ada' } }],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
      'claude-x',
      true,
    );
    expect(completion.choices[0]).toMatchObject({
      message: { content: '{"name":"Ada"}' },
      finish_reason: 'stop',
    });
  });
});

describe('Gemini ↔ canonical', () => {
  it('matches function responses to calls by name and converts Gemini schemas', () => {
    const request = geminiToCanonical(
      {
        contents: [
          { role: 'user', parts: [{ text: 'Weather?' }] },
          {
            role: 'model',
            parts: [
              { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
              { functionCall: { name: 'get_time', args: {} } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'get_time', response: { time: '10:00' } } },
              { functionResponse: { name: 'get_weather', response: { sky: 'clear' } } },
            ],
          },
        ],
        generationConfig: { thinkingConfig: { thinkingBudget: -1 } },
      },
      'gemini-x',
      () => undefined,
    );
    const calls = (
      request.messages[1] as { tool_calls: { id: string; function: { name: string } }[] }
    ).tool_calls;
    expect(request.messages[2]).toEqual({
      role: 'tool',
      tool_call_id: calls[1]?.id,
      content: '{"time":"10:00"}',
    });
    expect(request.messages[3]).toEqual({
      role: 'tool',
      tool_call_id: calls[0]?.id,
      content: '{"sky":"clear"}',
    });
    expect(request.reasoning_effort).toBe('medium');
    expect(
      jsonSchemaOf({ type: 'ARRAY', items: { type: 'STRING' }, propertyOrdering: ['a'] }),
    ).toEqual({ type: 'array', items: { type: 'string' } });
    expect(modelAction('models/gemini-2.5-flash:streamGenerateContent')).toEqual({
      model: 'gemini-2.5-flash',
      action: 'streamGenerateContent',
    });
  });

  it('builds generateContent with tools, config and thinking; refuses parallel_tool_calls false', () => {
    const request: ChatRequest = {
      model: 'gemini-x',
      messages: [
        { role: 'system', content: 'Brief.' },
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }],
        },
      ],
      tool_choice: 'required',
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      reasoning_effort: 'high',
      seed: 7,
    };
    expect(toGeminiRequest(request)).toMatchObject({
      systemInstruction: { parts: [{ text: 'Brief.' }] },
      contents: [
        {
          role: 'user',
          parts: [{ fileData: { mimeType: 'image/png', fileUri: 'https://example.com/cat.png' } }],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: {
        seed: 7,
        thinkingConfig: { thinkingBudget: 24576, includeThoughts: true },
      },
    });
  });
});

describe('Responses ↔ canonical', () => {
  it('turns input items into messages, joining calls to the assistant turn', () => {
    const misses: string[] = [];
    const request = responsesToCanonical(
      {
        model: 'gpt-x',
        instructions: 'Be kind.',
        input: [
          {
            role: 'user',
            content: [
              { type: 'input_text', text: 'Hi' },
              { type: 'input_image', image_url: 'https://x/y.png', detail: 'low' },
            ],
          },
          { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Think.' }] },
          {
            type: 'message',
            role: 'assistant',
            content: [{ type: 'output_text', text: 'Let me look.' }],
          },
          { type: 'function_call', call_id: 'call_1', name: 'look', arguments: '{}' },
          { type: 'function_call_output', call_id: 'call_1', output: 'seen' },
          { type: 'item_reference', id: 'x' },
        ],
        reasoning: { effort: 'none' },
        text: { format: { type: 'json_object' } },
      },
      [],
      (name) => misses.push(name),
    );
    expect(request.messages).toEqual([
      { role: 'system', content: 'Be kind.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'low' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me look.',
        reasoning_content: 'Think.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'seen' },
    ]);
    expect(request).toMatchObject({ thinking_budget: 0, response_format: { type: 'json_object' } });
    expect(misses).toEqual(['input item item_reference']);
  });

  it('streams text as the typed events with sequence numbers and a completed response', () => {
    const renderer = new ResponsesStreamRenderer(
      renderContext({ model: 'm', input: 'x', max_output_tokens: 5 }),
    );
    const text =
      renderer.chunk(chunk({ role: 'assistant', content: 'Hel' })) +
      renderer.chunk(chunk({ content: 'lo' }, 'length')) +
      renderer.end({ promptTokens: 3, completionTokens: 5 });
    const got = events(text);
    expect(got.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.incomplete',
    ]);
    expect(got.at(-1)?.data.response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      max_output_tokens: 5,
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hello' }] }],
      usage: { input_tokens: 3, output_tokens: 5, total_tokens: 8 },
    });
  });
});

describe('Responses ids', () => {
  it('open with the unix time in hex, as OpenAI’s do, then 96 random bits, so later ids sort later', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    try {
      const first = newId('resp');
      const same = newId('resp');
      vi.setSystemTime(new Date('2026-11-24T12:00:01Z'));
      const later = newId('msg');
      expect(first).toMatch(/^resp_[0-9a-f]{32}$/);
      expect(later).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Number.parseInt(first.slice(5, 13), 16)).toBe(
        Date.parse('2026-11-24T12:00:00Z') / 1000,
      );
      expect(same).not.toBe(first);
      expect(same.slice(0, 13)).toBe(first.slice(0, 13));
      expect(later.slice(4, 12) > first.slice(5, 13)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a translated stream through the relay pipe', () => {
  const upstreamFrames = [
    { role: 'assistant', reasoning_content: 'Let me see.' },
    { content: 'Hel' },
    { content: 'lo "you"\n' },
    { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'get', arguments: '{"a":' } }] },
    { tool_calls: [{ index: 0, function: { arguments: '1}' } }] },
  ].map((delta) => `data: ${chunk(delta)}\n\n`);
  const frames = [...upstreamFrames, `data: ${chunk({}, 'tool_calls')}\n\ndata: [DONE]\n\n`];
  const ctx = {
    mode: 'chat' as const,
    channel: channelRowOf({ type: 8 }),
    model: 'm',
    body: { model: 'm', stream: true, messages: [] },
    stream: true,
    includeUsage: false,
    translated: true,
  };
  const adapter = { kind: 'adapter' as const, adapter: adapterFor(8) as ProviderAdapter };

  for (const dialect of [responsesDialect, anthropicDialect, geminiDialect]) {
    it(`parses each chunk at most once for the ${dialect.name} renderer and the reply's text`, () => {
      const pipe = streamPipe(adapter, ctx, dialect, renderContext({ model: 'm', input: 'x' }));
      const parse = vi.spyOn(JSON, 'parse');
      let out = '';
      try {
        for (const frame of frames) out += pipe.push(frame);
        out += pipe.flush();
        // No usage from this upstream: the settlement counts the text, from the same parse.
        expect(pipe.usage).toBeUndefined();
        expect(pipe.text.head).toBe('Hello "you"\nget{"a":1}');
        // Each chunk at most once; a plain text delta not at all (canonical/chunk-reader.ts).
        const parsed = parse.mock.calls.map(([text]) => text);
        expect(new Set(parsed).size).toBe(parsed.length);
        expect(parsed.length).toBeLessThan(frames.length);
        expect(parsed).not.toContain(chunk({ content: 'Hel' }));
      } finally {
        parse.mockRestore();
      }
      out += pipe.end({ promptTokens: 3, completionTokens: 9 });
      // Every event's data is the JSON.stringify of what it says (same members, same order).
      for (const data of out.split('\n').filter((line) => line.startsWith('data: '))) {
        const json = data.slice(6);
        expect(JSON.stringify(JSON.parse(json))).toBe(json);
      }
      expect(out).toContain(dialect.name === 'gemini' ? '"text":"Hel"' : '"delta":');
    });
  }

  it('writes the Responses delta events member by member as before', () => {
    const pipe = streamPipe(adapter, ctx, responsesDialect, renderContext({ input: 'x' }));
    const got = events(frames.map((frame) => pipe.push(frame)).join(''));
    const text = got.filter((e) => e.event === 'response.output_text.delta');
    expect(text.map((e) => Object.keys(e.data))).toEqual([
      ['type', 'sequence_number', 'output_index', 'item_id', 'content_index', 'delta'],
      ['type', 'sequence_number', 'output_index', 'item_id', 'content_index', 'delta'],
    ]);
    expect(text.map((e) => e.data.delta)).toEqual(['Hel', 'lo "you"\n']);
    const args = got.find((e) => e.event === 'response.function_call_arguments.delta');
    expect(Object.keys(args?.data ?? {})).toEqual([
      'type',
      'sequence_number',
      'output_index',
      'item_id',
      'delta',
    ]);
    expect(got.map((e) => e.data.sequence_number)).toEqual(got.map((_, index) => index));
  });
});

describe('canonical → OpenAI chat and usage', () => {
  it('drops provider-only fields, maps a thinking budget to an effort, refuses top_k', () => {
    const body = toOpenAiChat({
      model: 'gpt-x',
      thinking_budget: 3000,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }],
        },
        {
          role: 'assistant',
          content: 'y',
          thinking_blocks: [{ type: 'thinking', thinking: 't', signature: 's' }],
          reasoning_content: 't',
        },
        { role: 'tool', tool_call_id: 'c', content: 'boom', is_error: true },
      ],
    });
    expect(body).toEqual({
      model: 'gpt-x',
      reasoning_effort: 'medium',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'x' }] },
        { role: 'assistant', content: 'y' },
        { role: 'tool', tool_call_id: 'c', content: 'Error: boom' },
      ],
    });
    // top_k was ruled on by the parameter policy before (dropped for OpenAI): never sent.
    expect(toOpenAiChat({ model: 'g', messages: [], top_k: 3 })).toEqual({
      model: 'g',
      messages: [],
    });
  });

  it('round-trips cached, cache-write and reasoning tokens', () => {
    const usage = {
      promptTokens: 100,
      completionTokens: 40,
      cachedTokens: 30,
      cacheWriteTokens: 20,
      cacheWrite1hTokens: 5,
      reasoningTokens: 12,
    };
    expect(usageOfChat(chatUsageOf(usage))).toEqual(usage);
  });
});

describe('coding agents’ client hints on the way to a chat upstream', () => {
  it('maps Claude Code’s effort and adaptive thinking, drops context_management, joins its user turns', () => {
    const missed: string[] = [];
    const request = messagesToCanonical(
      {
        model: 'm',
        max_tokens: 100,
        messages: [
          { role: 'user', content: 'the prompt' },
          { role: 'user', content: [{ type: 'text', text: 'the context' }] },
        ],
        context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
        output_config: { effort: 'medium' },
        thinking: { type: 'adaptive' },
      },
      (name) => missed.push(name),
    );
    expect(missed).toEqual([]);
    expect(request.reasoning_effort).toBe('medium');
    expect(request.thinking_budget).toBeUndefined();
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'the prompt' },
          { type: 'text', text: 'the context' },
        ],
      },
    ]);
  });

  it('still names what changes the answer', () => {
    const missed: string[] = [];
    messagesToCanonical(
      {
        model: 'm',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hi' }],
        output_config: { effort: 'medium', format: { type: 'json_schema' } },
        tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      },
      (name) => missed.push(name),
    );
    expect(missed).toEqual(['tools (web_search_20250305)', 'output_config.format']);
  });

  it('drops Codex’s client_metadata and hosted tools, flattens a namespace, refuses custom tools', () => {
    const missed: string[] = [];
    const request = responsesToCanonical(
      {
        model: 'm',
        input: 'hi',
        client_metadata: { session: 'x' },
        tools: [
          { type: 'function', name: 'shell', parameters: { type: 'object' } },
          { type: 'web_search', external_web_access: true },
          {
            type: 'namespace',
            name: 'multi_agent_v1',
            tools: [{ type: 'function', name: 'close_agent', parameters: { type: 'object' } }],
          },
        ],
      },
      [],
      (name) => missed.push(name),
    );
    expect(missed).toEqual([]);
    expect(request.tools?.map((tool) => tool.function.name)).toEqual(['shell', 'close_agent']);
    const refused: string[] = [];
    responsesToCanonical(
      { model: 'm', input: 'hi', tools: [{ type: 'custom', name: 'apply_patch' }] },
      [],
      (name) => refused.push(name),
    );
    expect(refused).toEqual(['tools (custom)']);
  });
});
