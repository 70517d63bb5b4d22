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
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { startServer } from '../../scripts/lib/spawn-server.mjs';
import { median, writeResult } from '../lib/results.mjs';
import { FRAMES, JSON_REPLY, USAGE_FRAME, WORDS } from './upstream-replies.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const REQUESTS = Number(arg('requests', 3000));
const WARMUP = Number(arg('warmup', 300));
const ROUNDS = Number(arg('rounds', 3));
const PORT = Number(arg('port', 3295));
const ONLY = arg('only', '');
const CLOCK_TICK_MS = 10;
const KEY = 'BenchAff'.repeat(6);
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

const dataDir = path.join(repoRoot, '.cache/bench-affinity');
// SYNC_FREQUENCY 1: the option written to the database below reaches the server within a second.
const server = await startServer({
  port: PORT,
  dataDir,
  env: { LOG_LEVEL: 'warn', GLOBAL_API_RATE_LIMIT: '0', SYNC_FREQUENCY: '1' },
});
const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const Database = require('better-sqlite3');
const db = new Database(path.join(dataDir, 'switchyard.db'));
db.pragma('busy_timeout = 5000');

function seed() {
  const now = Math.floor(Date.now() / 1000);
  const user = db
    .prepare(
      `INSERT INTO users (username, password, display_name, role, status, quota, created_at)
       VALUES ('bench', 'x', 'bench', 1, 1, 1000000000000, ?)`,
    )
    .run(now);
  db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota) VALUES (?, ?, 'bench', 1, ?, ?, -1, 0, 1)`,
  ).run(user.lastInsertRowid, KEY, now, now);
  const channel = db.prepare(
    `INSERT INTO channels (type, key, name, status, base_url, models, "group", other_info,
       created_time) VALUES (1, 'upstream-key', ?, 1, ?, ?, 'default', ?, ?)`,
  );
  const ability = db.prepare(
    `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
     VALUES ('default', ?, ?, 1, 0, 1)`,
  );
  for (const name of ['aff-a', 'aff-b', 'aff-c']) {
    ability.run(
      'gpt-affinity',
      channel.run(name, upstreamUrl, 'gpt-affinity', null, now).lastInsertRowid,
    );
  }
  for (const mode of ['native', 'translate']) {
    const model = `gpt-responses-${mode}`;
    const info = JSON.stringify({ responses_api: mode });
    ability.run(
      model,
      channel.run(`responses-${mode}`, upstreamUrl, model, info, now).lastInsertRowid,
    );
  }
}

async function setAffinity(minutes) {
  db.prepare(
    `INSERT INTO options (key, value) VALUES ('ChannelAffinityMinutes', ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(String(minutes));
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

const pid = server.pid;
function cpuMs() {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** Sends `count` requests, `concurrency` in flight; the gateway's CPU ms per request, p50 ms. */
async function load(route, bodyOf, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(route, server.url);
  const latencies = [];
  let failures = 0;
  let next = 0;
  const one = (index) =>
    new Promise((resolve) => {
      const { body, headers } = bodyOf(index);
      const payload = JSON.stringify(body);
      const start = performance.now();
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer sk-${KEY}`,
            ...headers,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            latencies.push(performance.now() - start);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(payload);
    });
  const worker = async () => {
    while (next < count) {
      next += 1;
      await one(next);
    }
  };
  const before = cpuMs();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = (cpuMs() - before) / count;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { cpu, p50: latencies[Math.floor(latencies.length / 2)], failures };
}

/** Runs each variant ROUNDS times (order alternating); medians per variant. */
async function cell(variants, route, concurrency) {
  const runs = new Map(variants.map((variant) => [variant.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      await variant.before?.();
      await load(route, variant.body, WARMUP, concurrency);
      runs.get(variant.name).push(await load(route, variant.body, REQUESTS, concurrency));
    }
  }
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
const loadBefore = os.loadavg()[0];
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
const loadAfter = os.loadavg()[0];
writeResult('relay-affinity', {
  runs: `${ROUNDS} rounds of ${REQUESTS} requests per cell after ${WARMUP} warm-up; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} on ${os.cpus().length} cores`,
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
