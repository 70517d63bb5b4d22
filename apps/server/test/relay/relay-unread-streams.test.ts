// Issue 27, point 9: 200 streams whose clients never read, from an upstream that ignores
// max_tokens and reports no usage. Backpressure holds the upstream; what the server keeps per
// stream for the bill is bounded (the tokenizer's head and the reply's length), so its memory
// stays flat instead of growing with everything each stream delivered.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countText, KEPT_HEAD } from '../../src/relay/tokenizer';
import { type ChildNode, startNode } from '../helpers/child-nodes';
import { createUser } from '../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../helpers/node-cluster';
import { partialUpload } from '../helpers/raw-upload';
import { createToken, seedChannel, waitForLogs } from '../helpers/relay-fixtures';

const MB = 1024 * 1024;
const STREAMS = 200;

let cluster: ClusterDatabase;
let upstream: Server;
let node: ChildNode;
let authorization: string;
let upstreamBytes = 0;
let userId: number;
let billerAuthorization: string;

/** One OpenAI chunk of about 1 KB of words. */
const FRAME = `data: ${JSON.stringify({
  id: 'chatcmpl-endless',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'endless',
  choices: [{ index: 0, delta: { content: 'lorem ipsum dolor sit amet '.repeat(40) } }],
})}\n\n`;

/** Frames of the finite reply (model `finite`): long enough to pass the tokenizer's head. */
const FINITE_FRAMES = 300;

/**
 * An OpenAI-style upstream that streams without usage, minding backpressure: without end, or
 * FINITE_FRAMES frames for the model `finite`.
 */
async function startEndlessUpstream(): Promise<Server> {
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const finite = (JSON.parse(raw) as { model?: string }).model === 'finite';
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (finite) {
      response.end(`${FRAME.repeat(FINITE_FRAMES)}data: [DONE]\n\n`);
      return;
    }
    const pump = () => {
      while (!response.destroyed) {
        upstreamBytes += FRAME.length;
        if (!response.write(FRAME)) {
          response.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

beforeAll(async () => {
  cluster = await openClusterDatabase();
  upstream = await startEndlessUpstream();
  const { port } = upstream.address() as AddressInfo;
  const db = cluster.database.db;
  await seedChannel(db, {
    key: 'endless-key',
    baseUrl: `http://127.0.0.1:${port}`,
    models: ['endless', 'finite'],
  });
  const user = await createUser(db, { quota: 1_000_000_000 });
  // The long reply's own caller: the endless streams spend the first one's quota.
  const biller = await createUser(db, { quota: 1_000_000_000 });
  userId = biller.id;
  billerAuthorization = (await createToken(db, biller.id)).authorization;
  authorization = (await createToken(db, user.id)).authorization;
  node = await startNode(cluster.env);
}, 120_000);

afterAll(async () => {
  await node?.kill('SIGTERM');
  upstream?.closeAllConnections();
  upstream?.close();
  await cluster?.close();
});

const rss = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Resolves once `read()` has not grown for `quietMs` (or after `maxMs`). */
async function settled(read: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = read();
  let since = Date.now();
  while (Date.now() < deadline && Date.now() - since < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = read();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}

it('keeps its memory flat under 200 unread endless streams', async () => {
  const pid = node.process.pid as number;
  const body = JSON.stringify({
    model: 'endless',
    stream: true,
    max_tokens: 16,
    messages: [{ role: 'user', content: 'hi' }],
  });
  const open = () => {
    const upload = partialUpload(node.port, {
      path: '/v1/chat/completions',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      announce: Buffer.byteLength(body),
      send: Buffer.byteLength(body),
      body,
    });
    // The client reads the head and then nothing: the stream backs up to the upstream.
    void upload.answer.then(() => upload.socket.pause());
    return upload;
  };
  // A few streams first, so the baseline has the stream path's code and buffers warm.
  const warm = Array.from({ length: 5 }, open);
  await settled(() => upstreamBytes, 1000, 10_000);
  const before = rss(pid);
  const streams = Array.from({ length: STREAMS }, open);
  const heads = await Promise.all(streams.map((stream) => stream.answer));
  await settled(() => upstreamBytes, 2000, 40_000);
  const after = rss(pid);
  for (const { text } of heads) expect(text.slice(0, 12)).toBe('HTTP/1.1 200');
  // Each stream delivered far more than the server may keep of it.
  expect(upstreamBytes).toBeGreaterThan(STREAMS * MB);
  // What a paused stream legitimately holds (a socket read waiting in the upstream reply, the
  // frames the client's socket did not take, the kept head) is a few hundred KB; before, each
  // kept everything it had delivered (~6 MB here, +1.2 GB in all).
  expect(after - before).toBeLessThan(STREAMS * 0.75 * MB);
  for (const stream of [...warm, ...streams]) stream.socket.destroy();
}, 120_000);

it('still bills a long reply without usage by all of its text, not only the head it keeps', async () => {
  const response = await fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: billerAuthorization },
    body: JSON.stringify({
      model: 'finite',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    }),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('[DONE]');
  const [log] = await waitForLogs(cluster.database.db, userId);
  const content = 'lorem ipsum dolor sit amet '.repeat(40);
  const whole = await countText('finite', content.repeat(FINITE_FRAMES));
  const head = await countText('finite', content.repeat(FINITE_FRAMES).slice(0, KEPT_HEAD));
  // About the whole reply's count: past what it tokenizes in its time budget a count
  // extrapolates, from a prefix whose length depends on the machine's load.
  expect(Math.abs(Number(log?.completion_tokens) - whole)).toBeLessThanOrEqual(whole * 0.2);
  expect(Number(log?.completion_tokens)).toBeGreaterThan(head * 10);
}, 60_000);
