// A fast fake OpenAI upstream for the relay benchmark (its own process, so its CPU is not the
// gateway's): chat completions with 32 completion tokens, JSON or SSE (32 chunks back to back,
// then a usage chunk when asked), and a model list. Usage: node fast-upstream.mjs <port>
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
