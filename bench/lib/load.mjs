// The load generator of the relay benches: `count` POSTs with `concurrency` in flight over
// keep-alive sockets (one agent per call, so a call starts from the same socket state), timing
// each reply to its end and to its first byte.
import http from 'node:http';

/** The value below which `p` % of the sorted values fall. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The chat request the relay benches send (fast-upstream answers it with 32 tokens). */
export function chatBody({ model = 'gpt-4o-mini', stream = false, ...rest } = {}) {
  return {
    model,
    ...(stream ? { stream } : {}),
    messages: [{ role: 'user', content: 'Say hello' }],
    ...rest,
  };
}

/** `Authorization: Bearer sk-<key>`, as a client of the gateway sends it. */
export const bearer = (key) => ({ authorization: `Bearer sk-${key}` });

/**
 * Sends the requests. Either `body` (one payload for all) or `request(index)` answering
 * `{ body, headers }` per request; `headers` go with every request.
 * @param {{ url: string, route?: string, headers?: Record<string, string>, body?: unknown,
 *   request?: (index: number) => { body: unknown, headers?: Record<string, string> },
 *   count: number, concurrency: number }} options
 * @returns {Promise<{ count: number, rps: number, p50: number, p99: number, ttfb50: number,
 *   failures: number, firstFailure: string | null }>} `firstFailure`: the status and the start of
 *   the body of the first reply that was not 200, to name what went wrong.
 */
export async function load({
  url,
  route = '/v1/chat/completions',
  headers = {},
  body,
  request,
  count,
  concurrency,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(route, url);
  const fixed = request ? null : JSON.stringify(body);
  const latencies = [];
  const firstBytes = [];
  let failures = 0;
  let firstFailure = null;
  let next = 0;
  const fail = (what) => {
    failures += 1;
    firstFailure ??= what;
  };
  const one = (index) =>
    new Promise((resolve) => {
      const own = request?.(index);
      const payload = fixed ?? JSON.stringify(own.body);
      const start = performance.now();
      let first = 0;
      const sent = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...headers,
            ...own?.headers,
          },
        },
        (response) => {
          const ok = response.statusCode === 200;
          let text = '';
          response.on('data', (chunk) => {
            if (!first) first = performance.now();
            if (!ok && text.length < 300) text += chunk;
          });
          response.on('end', () => {
            if (!ok) fail(`${response.statusCode} ${text.slice(0, 300)}`);
            latencies.push(performance.now() - start);
            firstBytes.push((first || performance.now()) - start);
            resolve();
          });
        },
      );
      sent.on('error', (error) => {
        fail(error.message);
        resolve();
      });
      sent.end(payload);
    });
  const worker = async () => {
    while (next < count) {
      next += 1;
      await one(next);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  return {
    count,
    rps: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ttfb50: percentile(firstBytes, 50),
    failures,
    firstFailure,
  };
}

/** Like `load`, but any failed request stops the bench, naming the first failure. */
export async function loadAllOk(what, options) {
  const result = await load(options);
  if (result.failures > 0) {
    throw new Error(
      `${what}: ${result.failures} of ${result.count} requests failed, first: ${result.firstFailure}`,
    );
  }
  return result;
}
