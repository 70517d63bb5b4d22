// Issue 27, point 1, as the audit reproduced it: 40 connections without a key each announce a
// 23 MiB multipart body on POST /v1/chat/completions and send all of it but the last KiB. The
// server (a process of its own) answers each with a 401 at once, closes it, and its memory stays
// where it was.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChildNode, startNode } from '../helpers/child-nodes';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { partialUpload } from '../helpers/raw-upload';

const MB = 1024 * 1024;
const BODY = 23 * MB;

let testDb: TestDatabase;
let node: ChildNode;

beforeAll(async () => {
  testDb = await createTestDatabase();
  node = await startNode({ ...testDb.env, REQUEST_TIMEOUT: '15' });
}, 90_000);

afterAll(async () => {
  await node?.kill('SIGTERM');
  await testDb.drop();
});

/** The process's resident set, from /proc (bytes). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

it('answers 40 keyless 23 MiB uploads with 401 at once, and its memory stays flat', async () => {
  const pid = node.process.pid as number;
  // Warm the route first, so what is measured is the flood, not the first request's code.
  for (let i = 0; i < 5; i += 1) {
    const warm = await fetch(`${node.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(warm.status).toBe(401);
  }
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 25);
  const uploads = Array.from({ length: 40 }, () =>
    partialUpload(node.port, {
      path: '/v1/chat/completions',
      headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
      announce: BODY,
      send: BODY - 1024,
    }),
  );
  const answers = await Promise.all(uploads.map((upload) => upload.answer));
  await Promise.all(uploads.map((upload) => upload.closed));
  await new Promise((resolve) => setTimeout(resolve, 300));
  clearInterval(sampler);
  peak = Math.max(peak, rss(pid));

  for (const { text, ms } of answers) {
    expect(text.slice(0, 12)).toBe('HTTP/1.1 401');
    expect(text.toLowerCase()).toContain('connection: close');
    expect(ms).toBeLessThan(3000);
  }
  // Each socket was cut well before its body was sent.
  const sent = uploads.reduce((sum, upload) => sum + upload.written(), 0);
  expect(sent).toBeLessThan(40 * BODY);
  expect(peak - before).toBeLessThan(100 * MB);
  expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
}, 90_000);
