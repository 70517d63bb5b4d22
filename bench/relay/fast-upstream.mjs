// A fast fake upstream for the relay benchmark (its own process, so its CPU is not the
// gateway's): OpenAI chat completions with 32 completion tokens, JSON or SSE (32 chunks back to
// back, then a usage chunk when asked), Anthropic Messages (`/v1/messages`, JSON or its SSE
// events) with the same 32 words, and a model list. Usage: node fast-upstream.mjs <port>
import http from 'node:http';

const port = Number(process.argv[2] ?? 0);
const WORDS = Array.from({ length: 32 }, (_, i) => `w${i} `);
const USAGE = { prompt_tokens: 9, completion_tokens: 32, total_tokens: 41 };
const JSON_REPLY = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1700000000,
  model: 'gpt-4o-mini',
  choices: [
    { index: 0, message: { role: 'assistant', content: WORDS.join('') }, finish_reason: 'stop' },
  ],
  usage: USAGE,
});
const chunk = (delta, finish) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
const FRAMES = [
  chunk({ role: 'assistant', content: '' }, null),
  ...WORDS.map((w) => chunk({ content: w }, null)),
  chunk({}, 'stop'),
];
const USAGE_FRAME = `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [], usage: USAGE })}\n\n`;
const MODELS = JSON.stringify({
  object: 'list',
  data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'bench' }],
});

const ANTHROPIC_USAGE = { input_tokens: 9, output_tokens: 32 };
const ANTHROPIC_JSON = JSON.stringify({
  id: 'msg_bench',
  type: 'message',
  role: 'assistant',
  model: 'claude-bench',
  content: [{ type: 'text', text: WORDS.join('') }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: ANTHROPIC_USAGE,
});
const event = (name, data) =>
  `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
const ANTHROPIC_FRAMES = [
  event('message_start', {
    message: {
      id: 'msg_bench',
      type: 'message',
      role: 'assistant',
      model: 'claude-bench',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 1 },
    },
  }),
  event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ...WORDS.map((w) =>
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: w } }),
  ),
  event('content_block_stop', { index: 0 }),
  event('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 32 },
  }),
  event('message_stop', {}),
];

function answerAnthropic(body, response) {
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(ANTHROPIC_JSON);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const frame of ANTHROPIC_FRAMES) response.write(frame);
  response.end();
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', () => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(MODELS);
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (request.url?.startsWith('/v1/messages')) {
      answerAnthropic(body, response);
      return;
    }
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON_REPLY);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // Frames are written one by one, as a model server flushes them.
    for (const frame of FRAMES) response.write(frame);
    if (body.stream_options?.include_usage) response.write(USAGE_FRAME);
    response.end('data: [DONE]\n\n');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
