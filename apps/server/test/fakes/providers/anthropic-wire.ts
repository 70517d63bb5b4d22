// Anthropic's Messages wire, as its API reference shows it: a message JSON, and the SSE events
// message_start, content_block_start/delta/stop (text_delta, input_json_delta for tool_use), ping,
// message_delta (stop_reason, output usage) and message_stop; usage with cache reads and writes.
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

function imageOf(block: Json): string[] {
  if (block.type !== 'image') return [];
  const source = asRecord(block.source);
  if (source.type === 'base64') return [`data:${source.media_type};base64,${source.data}`];
  return typeof source.url === 'string' ? [source.url] : [];
}

function toolResultText(block: Json): string {
  return textOf(block.content);
}

export function readMessages(body: Json): Seen {
  const messages = asList(body.messages).map(asRecord);
  const last = messages.at(-1) ?? {};
  const lastBlocks = asList(last.content).map(asRecord);
  const result = lastBlocks.find((block) => block.type === 'tool_result');
  const toolChoice = asRecord(body.tool_choice);
  const tools = asList(body.tools).map(asRecord);
  const outputFormat = asRecord(body.output_format ?? asRecord(body.output_config).format);
  const users = messages.filter((message) => message.role === 'user');
  const lastUserText = [...users]
    .reverse()
    .map((message) => textOf(message.content))
    .find(Boolean);
  return {
    wire: 'messages',
    model: String(body.model ?? ''),
    stream: body.stream === true,
    system: textOf(body.system),
    text: lastUserText ?? '',
    tools: tools.map((tool) => String(tool.name)),
    ...(result
      ? { toolResult: toolResultText(result), toolCallId: String(result.tool_use_id ?? '') }
      : {}),
    ...(outputFormat.type === 'json_schema' ? { schema: outputFormat.schema } : {}),
    ...(toolChoice.type === 'tool' ? { forcedTool: String(toolChoice.name) } : {}),
    images: messages.flatMap((message) => asList(message.content).map(asRecord).flatMap(imageOf)),
    settings: pick(body, ['max_tokens', 'temperature', 'top_p', 'stop_sequences', 'thinking']),
  };
}

function pick(body: Json, keys: string[]): Json {
  return Object.fromEntries(
    keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
  );
}

/** Anthropic counts input_tokens without the cache: 40 = 24 plain + 16 read (+ 8 written). */
const usage = (outputTokens: number) => ({
  input_tokens:
    FAKE_USAGE.input - FAKE_USAGE.cachedRead - FAKE_USAGE.cacheWrite5m - FAKE_USAGE.cacheWrite1h,
  cache_creation_input_tokens: FAKE_USAGE.cacheWrite5m + FAKE_USAGE.cacheWrite1h,
  cache_read_input_tokens: FAKE_USAGE.cachedRead,
  cache_creation: {
    ephemeral_5m_input_tokens: FAKE_USAGE.cacheWrite5m,
    ephemeral_1h_input_tokens: FAKE_USAGE.cacheWrite1h,
  },
  output_tokens: outputTokens,
  service_tier: 'standard',
});

function block(turn: Turn): Json {
  if (turn.kind === 'tool') {
    return { type: 'tool_use', id: `toolu_${turn.id}`, name: turn.name, input: turn.args };
  }
  if (turn.kind === 'thought') {
    return { type: 'thinking', thinking: turn.text, signature: THOUGHT_SIGNATURE };
  }
  return { type: 'text', text: answerText(turn) };
}

const THOUGHT_SIGNATURE = 'EqQBCkYIBxgCKkDfakeSignature';

const stopReason = (content: Json) => (content.type === 'tool_use' ? 'tool_use' : 'end_turn');

export function messagesJson(seen: Seen, turn: Turn): Json {
  const content = block(turn);
  return {
    id: 'msg_fake1',
    type: 'message',
    role: 'assistant',
    model: seen.model,
    content: [content],
    stop_reason: stopReason(content),
    stop_sequence: null,
    usage: usage(FAKE_USAGE.output),
  };
}

const sse = (event: string, data: Json) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function messagesStream(seen: Seen, turn: Turn): string[] {
  const content = block(turn);
  const frames = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake1',
        type: 'message',
        role: 'assistant',
        model: seen.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: usage(1),
      },
    }),
  ];
  if (content.type === 'tool_use') {
    frames.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { ...content, input: {} },
      }),
      sse('ping', { type: 'ping' }),
      ...fragments(JSON.stringify(content.input)).map((partial) =>
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: partial },
        }),
      ),
    );
  } else if (content.type === 'thinking') {
    frames.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
      ...pieces(String(content.thinking)).map((thinking) =>
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'thinking_delta', thinking },
        }),
      ),
      sse('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: THOUGHT_SIGNATURE },
      }),
    );
  } else {
    frames.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
      sse('ping', { type: 'ping' }),
      ...pieces(String(content.text)).map((text) =>
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text },
        }),
      ),
    );
  }
  frames.push(
    sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason(content), stop_sequence: null },
      usage: { output_tokens: FAKE_USAGE.output },
    }),
    sse('message_stop', { type: 'message_stop' }),
  );
  return frames;
}
