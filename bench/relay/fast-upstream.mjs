// A fast fake upstream for the relay benchmark (its own process, so its CPU is not the
// gateway's): OpenAI chat completions with 32 completion tokens, JSON or SSE (32 chunks back to
// back, then a usage chunk when asked), Anthropic Messages (`/v1/messages`, JSON or its SSE
// events) with the same 32 words, and a model list. Usage: node fast-upstream.mjs <port>
import http from 'node:http';
import {
  ANTHROPIC_FRAMES,
  ANTHROPIC_JSON,
  FRAMES,
  JSON_REPLY,
  MODELS,
  USAGE_FRAME,
} from './upstream-replies.mjs';

const port = Number(process.argv[2] ?? 0);

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
