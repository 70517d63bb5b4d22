// Ollama's /api/chat wire, as its API docs show it: one JSON reply, or NDJSON chunks ending with
// `done: true` and the counts; tool calls as message.tool_calls with object arguments; images
// as base64 strings on the message; `format` for structured output.
import {
  answerText,
  asList,
  asRecord,
  FAKE_USAGE,
  type Json,
  pieces,
  type Seen,
  type Turn,
} from './scenario';

export function readOllama(body: Json): Seen {
  const messages = asList(body.messages).map(asRecord);
  const last = messages.at(-1) ?? {};
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const format = body.format;
  return {
    wire: 'ollama',
    model: String(body.model ?? ''),
    // Ollama streams unless told not to.
    stream: body.stream !== false,
    system: messages
      .filter((message) => message.role === 'system')
      .map((message) => String(message.content ?? ''))
      .join('\n'),
    text: String(lastUser?.content ?? ''),
    tools: asList(body.tools).map((tool) => String(asRecord(asRecord(tool).function).name)),
    ...(last.role === 'tool'
      ? { toolResult: String(last.content ?? ''), toolCallId: String(last.tool_name ?? '') }
      : {}),
    ...(format === undefined || format === '' ? {} : { schema: format === 'json' ? {} : format }),
    images: messages.flatMap((message) =>
      asList(message.images).map((image) => `data:image/png;base64,${String(image)}`),
    ),
    settings: asRecord(body.options),
  };
}

function message(turn: Turn): Json {
  if (turn.kind === 'tool') {
    return {
      role: 'assistant',
      content: '',
      tool_calls: [{ function: { name: turn.name, arguments: turn.args } }],
    };
  }
  return {
    role: 'assistant',
    content: answerText(turn),
    ...(turn.kind === 'thought' ? { thinking: turn.text } : {}),
  };
}

const CREATED_AT = '2025-06-01T10:00:00.000000Z';

const done = (seen: Seen) => ({
  model: seen.model,
  created_at: CREATED_AT,
  done: true,
  done_reason: 'stop',
  total_duration: 5_000_000,
  load_duration: 1_000_000,
  prompt_eval_count: FAKE_USAGE.input,
  prompt_eval_duration: 1_000_000,
  eval_count: FAKE_USAGE.output,
  eval_duration: 2_000_000,
});

export const ollamaJson = (seen: Seen, turn: Turn): Json => ({
  ...done(seen),
  message: message(turn),
});

export function ollamaStream(seen: Seen, turn: Turn): string[] {
  const line = (data: Json) => `${JSON.stringify(data)}\n`;
  const chunk = (content: Json) => ({
    model: seen.model,
    created_at: CREATED_AT,
    message: content,
    done: false,
  });
  const frames =
    turn.kind === 'tool'
      ? [line(chunk(message(turn)))]
      : pieces(String(message(turn).content)).map((text) =>
          line(chunk({ role: 'assistant', content: text })),
        );
  frames.push(line({ ...done(seen), message: { role: 'assistant', content: '' } }));
  return frames;
}
