// Relay CPU per request for two choices a deployment makes (issue 28), each beside its other half
// on the same server and the same fast upstream (in this process: its CPU is not the gateway's):
// 1. prompt-cache affinity on (ChannelAffinityMinutes 60) beside off (0): chat → a group of three
//    OpenAI channels, each request naming one of 200 conversations (Claude Code's session
//    header), non-stream, c=1 and c=50. Target: at most +0.03 ms CPU per request at c=50.
// 2. Responses → an OpenAI channel passed through (native) beside translated to chat (the path a
//    chat-only upstream takes), stream and not, c=1 and c=50.
// Each cell runs ROUNDS times, on and off alternating; the table has the medians.
// Usage: node bench/relay/affinity-bench.mjs [--requests 3000] [--warmup 300] [--rounds 3]
//        [--port 3295] [--only affinity|responses]
import http from 'node:http';
import { numberArg, stringArg } from '../lib/args.mjs';
import { cpuDuring, loadAverage, loadSpan } from '../lib/cpu.mjs';
import { bearer, load } from '../lib/load.mjs';
import { median, writeResult } from '../lib/results.mjs';
import { alternatingRounds } from '../lib/rounds.mjs';
import { benchKey, openDb, seedChannel, seedToken, seedUser } from '../lib/seed.mjs';
import { startBenchServer } from '../lib/server.mjs';
import { FRAMES, JSON_REPLY, USAGE_FRAME, WORDS } from './upstream-replies.mjs';

const REQUESTS = numberArg('requests', 3000);
const WARMUP = numberArg('warmup', 300);
const ROUNDS = numberArg('rounds', 3);
const PORT = numberArg('port', 3295);
const ONLY = stringArg('only', '');
const KEY = benchKey('BenchAff');
const SESSIONS = Array.from({ length: 200 }, (_, i) => `bench-session-${i}`);

// The upstream: chat completions (fast-upstream's replies) and the Responses API.
const RESPONSE = {
  id: 'resp_bench',
  object: 'response',
  created_at: 1700000000,
  status: 'completed',
  model: 'gpt-bench',
  output: [
    {
      type: 'message',
      id: 'msg_bench',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: WORDS.join(''), annotations: [] }],
    },
  ],
  usage: { input_tokens: 8, output_tokens: 32, total_tokens: 40 },
};
const RESPONSE_JSON = JSON.stringify(RESPONSE);
const sse = (event, data) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const RESPONSE_FRAMES = [
  sse('response.created', {
    type: 'response.created',
    response: { ...RESPONSE, status: 'in_progress', output: [], usage: null },
  }),
  ...WORDS.map((delta) =>
    sse('response.output_text.delta', {
      type: 'response.output_text.delta',
      item_id: 'msg_bench',
      output_index: 0,
      content_index: 0,
      delta,
    }),
  ),
  sse('response.completed', { type: 'response.completed', response: RESPONSE }),
];

const upstream = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const responses = request.url?.startsWith('/v1/responses');
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(responses ? RESPONSE_JSON : JSON_REPLY);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const frame of responses ? RESPONSE_FRAMES : FRAMES) response.write(frame);
    if (!responses && body.stream_options?.include_usage) response.write(USAGE_FRAME);
    response.end(responses ? '' : 'data: [DONE]\n\n');
  });
});
upstream.keepAliveTimeout = 60_000;
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;

// SYNC_FREQUENCY 1: the option written to the database below reaches the server within a second.
const server = await startBenchServer({
  name: 'affinity',
  port: PORT,
  env: { SYNC_FREQUENCY: '1' },
});
const db = openDb(server.dbPath);

function seed() {
  const user = seedUser(db, { username: 'bench', quota: 1e12 });
  seedToken(db, { userId: user, key: KEY });
  for (const name of ['aff-a', 'aff-b', 'aff-c']) {
    seedChannel(db, { name, baseUrl: upstreamUrl, models: 'gpt-affinity', weight: 1 });
  }
  for (const mode of ['native', 'translate']) {
    seedChannel(db, {
      name: `responses-${mode}`,
      baseUrl: upstreamUrl,
      models: `gpt-responses-${mode}`,
      otherInfo: JSON.stringify({ responses_api: mode }),
      weight: 1,
    });
  }
}

async function setAffinity(minutes) {
  db.prepare(
    `INSERT INTO options (key, value) VALUES ('ChannelAffinityMinutes', ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(String(minutes));
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

/** Sends `count` requests, `concurrency` in flight; the gateway's CPU ms per request, p50 ms. */
async function measure(route, request, count, concurrency) {
  const { result, cpuMs } = await cpuDuring(server.pid, () =>
    load({ url: server.url, route, headers: bearer(KEY), request, count, concurrency }),
  );
  return { cpu: cpuMs / count, p50: result.p50, failures: result.failures };
}

/** Runs each variant ROUNDS times (order alternating); medians per variant. */
async function cell(variants, route, concurrency) {
  const runs = await alternatingRounds(variants, ROUNDS, async (variant) => {
    await variant.before?.();
    await measure(route, variant.body, WARMUP, concurrency);
    return measure(route, variant.body, REQUESTS, concurrency);
  });
  return variants.map((variant) => {
    const results = runs.get(variant.name);
    return {
      name: variant.name,
      cpu: median(results.map((result) => result.cpu)),
      p50: median(results.map((result) => result.p50)),
      failures: results.reduce((sum, result) => sum + result.failures, 0),
    };
  });
}

seed();
const loadBefore = loadAverage();
const rows = [];
const report = (what, mode, concurrency, results) => {
  const [first] = results;
  for (const result of results) {
    const row = [
      what,
      result.name,
      mode,
      concurrency,
      result.cpu.toFixed(3),
      result === first
        ? '—'
        : `${result.cpu >= first.cpu ? '+' : ''}${(result.cpu - first.cpu).toFixed(3)}`,
      result.p50.toFixed(2),
      result.failures,
    ];
    rows.push(row);
    console.log(row.join('\t'));
  }
};

if (ONLY !== 'responses') {
  const chat = (index) => ({
    body: { model: 'gpt-affinity', messages: [{ role: 'user', content: 'Say hello' }] },
    headers: { 'x-claude-code-session-id': SESSIONS[index % SESSIONS.length] },
  });
  for (const concurrency of [1, 50]) {
    const results = await cell(
      [
        { name: 'affinity off', body: chat, before: () => setAffinity(0) },
        { name: 'affinity on', body: chat, before: () => setAffinity(60) },
      ],
      '/v1/chat/completions',
      concurrency,
    );
    report('chat → 3 OpenAI channels', 'non-stream', concurrency, results);
  }
}
if (ONLY !== 'affinity') {
  for (const stream of [false, true]) {
    for (const concurrency of [1, 50]) {
      const responses = (mode) => () => ({
        body: { model: `gpt-responses-${mode}`, stream, input: 'Say hello' },
        headers: {},
      });
      const results = await cell(
        [
          { name: 'native pass-through', body: responses('native') },
          { name: 'translated to chat', body: responses('translate') },
        ],
        '/v1/responses',
        concurrency,
      );
      report('Responses → OpenAI channel', stream ? 'stream' : 'non-stream', concurrency, results);
    }
  }
}
const loadAfter = loadAverage();
writeResult('relay-affinity', {
  runs: `${ROUNDS} rounds of ${REQUESTS} requests per cell after ${WARMUP} warm-up; ${loadSpan(loadBefore, loadAfter)}`,
  columns: [
    'path',
    'variant',
    'mode',
    'concurrency',
    'CPU ms/request',
    'beside the first',
    'p50 ms',
    'failures',
  ],
  rows,
});
db.close();
await server.stop();
upstream.close();
process.exit(0);
