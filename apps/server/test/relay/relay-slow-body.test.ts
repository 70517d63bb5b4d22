// Issue 27, point 10: the slow-body cut-off (REQUEST_TIMEOUT) holds while the server is busy.
// A server process relays 60 slow streams and answers a steady flood of requests while clients
// announce bodies they never finish: each such connection is answered and closed within the
// timeout (plus the check's interval and some slack), never left open until keep-alive ends.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChildNode, startNode, startUpstreamProcess } from '../helpers/child-nodes';
import { createUser } from '../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../helpers/node-cluster';
import { partialUpload } from '../helpers/raw-upload';
import { createToken, seedChannel } from '../helpers/relay-fixtures';

const TIMEOUT_S = 2;
/** The timeout, Node's one-second check interval and room for a loaded machine. */
const CUT_WITHIN_MS = (TIMEOUT_S + 1) * 1000 + 4000;

let cluster: ClusterDatabase;
let upstream: ChildNode;
let node: ChildNode;
let authorization: string;

beforeAll(async () => {
  cluster = await openClusterDatabase();
  upstream = await startUpstreamProcess({
    'slow-key': { chunkDelayMs: 100, text: 'word '.repeat(200) },
  });
  const db = cluster.database.db;
  await seedChannel(db, { key: 'slow-key', baseUrl: upstream.url, models: ['gpt-4'] });
  const user = await createUser(db, { quota: 1_000_000_000 });
  authorization = (await createToken(db, user.id)).authorization;
  node = await startNode({ ...cluster.env, REQUEST_TIMEOUT: String(TIMEOUT_S) });
}, 120_000);

afterAll(async () => {
  await node?.kill('SIGTERM');
  await upstream?.kill();
  await cluster?.close();
});

const chat = (stream: boolean, signal?: AbortSignal) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ model: 'gpt-4', stream, messages: [{ role: 'user', content: 'hi' }] }),
    ...(signal ? { signal } : {}),
  });

/** Announces a body and sends a part of it; resolves with what came back and when it closed. */
async function stalled(path: string, headers: Record<string, string>) {
  const started = Date.now();
  const upload = partialUpload(node.port, { path, headers, announce: 4096, send: 100 });
  const answer = await upload.answer.catch(() => ({ text: '', ms: 0 }));
  await upload.closed;
  return { status: answer.text.slice(9, 12), closedMs: Date.now() - started };
}

it('cuts bodies that never arrive within REQUEST_TIMEOUT while the server is under load', async () => {
  const stop = new AbortController();
  // The load: 60 streams of 200 chunks 100 ms apart, and requests one after another meanwhile.
  const streams = Array.from({ length: 60 }, () =>
    chat(true, stop.signal)
      .then((response) => response.text())
      .catch(() => ''),
  );
  let flooding = true;
  const flood = (async () => {
    while (flooding) await (await chat(false)).text();
  })();
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const json = { 'Content-Type': 'application/json' };
  const stalls = await Promise.all([
    ...Array.from({ length: 5 }, () =>
      stalled('/v1/chat/completions', { ...json, Authorization: authorization }),
    ),
    ...Array.from({ length: 5 }, () =>
      stalled('/v1/messages', { ...json, 'x-api-key': authorization.slice(7) }),
    ),
    ...Array.from({ length: 5 }, () => stalled('/api/user/login', json)),
    // Without a key: answered at once and closed, whatever the load.
    ...Array.from({ length: 5 }, () => stalled('/v1/chat/completions', json)),
  ]);
  flooding = false;
  await flood;
  stop.abort();
  await Promise.all(streams);

  for (const [index, { status, closedMs }] of stalls.entries()) {
    expect(status, `stall ${index}`).toBe(index < 15 ? '408' : '401');
    expect(closedMs, `stall ${index}`).toBeLessThan(index < 15 ? CUT_WITHIN_MS : 3000);
  }
}, 120_000);
