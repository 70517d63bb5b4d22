// OpenAI's wire, as its API reference shows it: chat completions (JSON and `chat.completion.chunk`
// SSE with tool-call argument deltas and a usage chunk when asked) and the Responses API (JSON and
// typed SSE events from response.created to response.completed, function_call items).
import {
  asList,
  asRecord,
  FAKE_USAGE,
  fragments,
  type Json,
  pieces,
  type Seen,
  type Turn,
  textOf,
} from './scenario';

const CREATED = 1_741_569_952;

function imagesOf(content: unknown, partType: string): string[] {
  return asList(content).flatMap((part) => {
    const record = asRecord(part);
    if (record.type !== partType) return [];
    const url = record.image_url;
    if (typeof url === 'string') return [url];
    const nested = asRecord(url).url;
    return typeof nested === 'string' ? [nested] : [];
  });
}

export function readChat(body: Json): Seen {
  const messages = asList(body.messages).map(asRecord);
  const last = messages.at(-1) ?? {};
  const format = asRecord(body.response_format);
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  return {
    wire: 'chat',
    model: String(body.model ?? ''),
    stream: body.stream === true,
    system: messages
      .filter((message) => message.role === 'system' || message.role === 'developer')
      .map((message) => textOf(message.content))
      .join('\n'),
    text: textOf(lastUser?.content),
    tools: asList(body.tools).map((tool) => String(asRecord(asRecord(tool).function).name)),
    ...(last.role === 'tool'
      ? { toolResult: textOf(last.content), toolCallId: String(last.tool_call_id ?? '') }
      : {}),
    ...(format.type === 'json_schema'
      ? { schema: asRecord(format.json_schema).schema }
      : format.type === 'json_object'
        ? { schema: {} }
        : {}),
    ...forced(asRecord(asRecord(body.tool_choice).function).name),
    images: messages.flatMap((message) => imagesOf(message.content, 'image_url')),
    settings: pick(body, ['max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'stop']),
  };
}

export function readResponses(body: Json): Seen {
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asList(body.input);
  const items = input.map(asRecord);
  const last = items.at(-1) ?? {};
  const format = asRecord(asRecord(body.text).format);
  const lastUser = [...items].reverse().find((item) => item.role === 'user');
  return {
    wire: 'responses',
    model: String(body.model ?? ''),
    stream: body.stream === true,
    system: [
      typeof body.instructions === 'string' ? body.instructions : '',
      ...items
        .filter((item) => item.role === 'system' || item.role === 'developer')
        .map((item) => textOf(item.content)),
    ]
      .filter(Boolean)
      .join('\n'),
    text: textOf(lastUser?.content),
    tools: asList(body.tools).map((tool) => String(asRecord(tool).name)),
    ...(last.type === 'function_call_output'
      ? { toolResult: textOf(last.output), toolCallId: String(last.call_id ?? '') }
      : {}),
    ...(format.type === 'json_schema' ? { schema: format.schema } : {}),
    ...forced(asRecord(body.tool_choice).name),
    images: items.flatMap((item) => imagesOf(item.content, 'input_image')),
    settings: pick(body, ['max_output_tokens', 'temperature', 'top_p', 'reasoning']),
  };
}

const forced = (name: unknown) => (typeof name === 'string' ? { forcedTool: name } : {});

function pick(body: Json, keys: string[]): Json {
  return Object.fromEntries(
    keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
  );
}

const chatUsage = {
  prompt_tokens: FAKE_USAGE.input,
  completion_tokens: FAKE_USAGE.output,
  total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
  prompt_tokens_details: { cached_tokens: FAKE_USAGE.cachedRead, audio_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: FAKE_USAGE.reasoning, audio_tokens: 0 },
};

function chatMessage(turn: Turn): Json {
  if (turn.kind === 'tool') {
    return {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: turn.id,
          type: 'function',
          function: { name: turn.name, arguments: JSON.stringify(turn.args) },
        },
      ],
      refusal: null,
    };
  }
  const content = turn.kind === 'json' ? JSON.stringify(turn.value) : turn.text;
  return { role: 'assistant', content, refusal: null };
}

export function chatJson(seen: Seen, turn: Turn): Json {
  return {
    id: 'chatcmpl-fake1',
    object: 'chat.completion',
    created: CREATED,
    model: seen.model,
    choices: [
      {
        index: 0,
        message: chatMessage(turn),
        logprobs: null,
        finish_reason: turn.kind === 'tool' ? 'tool_calls' : 'stop',
      },
    ],
    usage: chatUsage,
    system_fingerprint: 'fp_fake',
  };
}

const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

export function chatStream(seen: Seen, turn: Turn, includeUsage: boolean): string[] {
  const chunk = (delta: Json, finish: string | null) =>
    sse({
      id: 'chatcmpl-fake1',
      object: 'chat.completion.chunk',
      created: CREATED,
      model: seen.model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const frames = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  if (turn.kind === 'tool') {
    const args = fragments(JSON.stringify(turn.args));
    frames.push(
      chunk(
        {
          tool_calls: [
            {
              index: 0,
              id: turn.id,
              type: 'function',
              function: { name: turn.name, arguments: '' },
            },
          ],
        },
        null,
      ),
      ...args.map((part) =>
        chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }, null),
      ),
      chunk({}, 'tool_calls'),
    );
  } else {
    const text = turn.kind === 'json' ? JSON.stringify(turn.value) : turn.text;
    frames.push(...pieces(text).map((piece) => chunk({ content: piece }, null)), chunk({}, 'stop'));
  }
  if (includeUsage) {
    frames.push(
      sse({
        id: 'chatcmpl-fake1',
        object: 'chat.completion.chunk',
        created: CREATED,
        model: seen.model,
        choices: [],
        usage: chatUsage,
      }),
    );
  }
  frames.push(sse('[DONE]'));
  return frames;
}

const responsesUsage = {
  input_tokens: FAKE_USAGE.input,
  input_tokens_details: { cached_tokens: FAKE_USAGE.cachedRead },
  output_tokens: FAKE_USAGE.output,
  output_tokens_details: { reasoning_tokens: FAKE_USAGE.reasoning },
  total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
};

function outputItem(turn: Turn, done: boolean): Json {
  if (turn.kind === 'tool') {
    return {
      type: 'function_call',
      id: 'fc_fake1',
      call_id: turn.id,
      name: turn.name,
      arguments: done ? JSON.stringify(turn.args) : '',
      status: done ? 'completed' : 'in_progress',
    };
  }
  const text = turn.kind === 'json' ? JSON.stringify(turn.value) : turn.text;
  return {
    type: 'message',
    id: 'msg_fake1',
    status: done ? 'completed' : 'in_progress',
    role: 'assistant',
    content: done ? [{ type: 'output_text', text, annotations: [] }] : [],
  };
}

function responseObject(seen: Seen, turn: Turn | null): Json {
  return {
    id: 'resp_fake1',
    object: 'response',
    created_at: CREATED,
    status: turn ? 'completed' : 'in_progress',
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: seen.model,
    output: turn ? [outputItem(turn, true)] : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: seen.schema === undefined ? { type: 'text' } : { type: 'json_schema' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: turn ? responsesUsage : null,
    metadata: {},
  };
}

export const responsesJson = (seen: Seen, turn: Turn): Json => responseObject(seen, turn);

export function responsesStream(seen: Seen, turn: Turn): string[] {
  let sequence = 0;
  const event = (type: string, data: Json) =>
    sse({ type, sequence_number: sequence++, ...data }, type);
  const item = outputItem(turn, false);
  const frames = [
    event('response.created', { response: responseObject(seen, null) }),
    event('response.in_progress', { response: responseObject(seen, null) }),
    event('response.output_item.added', { output_index: 0, item }),
  ];
  if (turn.kind === 'tool') {
    const args = JSON.stringify(turn.args);
    frames.push(
      ...fragments(args).map((delta) =>
        event('response.function_call_arguments.delta', {
          item_id: 'fc_fake1',
          output_index: 0,
          delta,
        }),
      ),
      event('response.function_call_arguments.done', {
        item_id: 'fc_fake1',
        output_index: 0,
        arguments: args,
      }),
    );
  } else {
    const text = turn.kind === 'json' ? JSON.stringify(turn.value) : turn.text;
    const at = { item_id: 'msg_fake1', output_index: 0, content_index: 0 };
    frames.push(
      event('response.content_part.added', {
        ...at,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
      ...pieces(text).map((delta) =>
        event('response.output_text.delta', { ...at, delta, logprobs: [] }),
      ),
      event('response.output_text.done', { ...at, text, logprobs: [] }),
      event('response.content_part.done', {
        ...at,
        part: { type: 'output_text', text, annotations: [] },
      }),
    );
  }
  frames.push(
    event('response.output_item.done', { output_index: 0, item: outputItem(turn, true) }),
    event('response.completed', { response: responseObject(seen, turn) }),
  );
  return frames;
}
