// OpenAI's wire, as its API reference shows it: chat completions (JSON and `chat.completion.chunk`
// SSE with tool-call argument deltas and a usage chunk when asked), and what its Responses API
// (openai-responses-wire.ts) shares with them.
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

export const CREATED = 1_741_569_952;

export function imagesOf(content: unknown, partType: string): string[] {
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

export const forced = (name: unknown) => (typeof name === 'string' ? { forcedTool: name } : {});

export function pick(body: Json, keys: string[]): Json {
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
  // Reasoning as the OpenAI-compatible reasoning servers (vLLM, DeepSeek) send it.
  const reasoning = turn.kind === 'thought' ? { reasoning_content: turn.text } : {};
  return { role: 'assistant', content: answerText(turn), ...reasoning, refusal: null };
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

export const sse = (data: unknown, event?: string) =>
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
  } else if (turn.kind === 'thought') {
    frames.push(
      ...pieces(turn.text).map((piece) => chunk({ reasoning_content: piece }, null)),
      chunk({}, 'stop'),
    );
  } else {
    const text = answerText(turn);
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
