// OpenAI's Responses API, as its reference shows it: JSON and typed SSE events from
// response.created to response.completed, with function_call items.
import { CREATED, forced, imagesOf, pick, sse } from './openai-wire';
import {
  answerText,
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
  if (turn.kind === 'thought') {
    return {
      type: 'reasoning',
      id: 'rs_fake1',
      summary: done ? [{ type: 'summary_text', text: turn.text }] : [],
    };
  }
  const text = answerText(turn);
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
  } else if (turn.kind === 'thought') {
    const at = { item_id: 'rs_fake1', output_index: 0, summary_index: 0 };
    frames.push(
      event('response.reasoning_summary_part.added', {
        ...at,
        part: { type: 'summary_text', text: '' },
      }),
      ...pieces(turn.text).map((delta) =>
        event('response.reasoning_summary_text.delta', { ...at, delta }),
      ),
      event('response.reasoning_summary_text.done', { ...at, text: turn.text }),
      event('response.reasoning_summary_part.done', {
        ...at,
        part: { type: 'summary_text', text: turn.text },
      }),
    );
  } else {
    const text = answerText(turn);
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
